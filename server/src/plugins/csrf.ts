import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { isLoopbackHost } from '../lib/loopback';
import { isApiRequest } from '../lib/routed-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie-authenticated API. A state-changing request must
 * - carry a JSON body (a cross-site HTML form cannot send one) or our custom header (which a
 *   cross-site page cannot add without a CORS preflight we never grant), and
 * - when the browser names its Origin, come from our own origin: PUBLIC_ORIGIN, never something
 *   derived from the request's own Host (which the sender writes). The one exception is the
 *   loopback names an embedded or development bank answers on (plugins/host-check.ts): a developer
 *   at http://127.0.0.1:3000 or behind the Vite dev server on localhost:5173 is on their own machine.
 */
export const CSRF_HEADER = 'x-larkspur-request';

export function registerCsrfProtection(
  app: FastifyInstance,
  options: { publicOrigin: string; loopbackAnyPort: boolean },
): void {
  app.addHook('onRequest', async (request) => {
    // The routed path, not the raw URL: `/%61pi/…` is routed to the API too (decision 0195).
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== options.publicOrigin) {
      const loopbackOrigin =
        options.loopbackAnyPort &&
        isLoopbackHost(request.host) &&
        origin === `${request.protocol}://${request.host.toLowerCase()}`;
      if (!loopbackOrigin) throw new AppError('CSRF_REJECTED');
    }
    const contentType = request.headers['content-type'] ?? '';
    const isJson = /^application\/json\s*(;|$)/i.test(contentType);
    if (!isJson && request.headers[CSRF_HEADER] === undefined) throw new AppError('CSRF_REJECTED');
  });
}
