import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie-authenticated API. A state-changing request must
 * - carry a JSON body (a cross-site HTML form cannot send one) or our custom header (which a
 *   cross-site page cannot add without a CORS preflight we never grant), and
 * - when the browser names its Origin, come from our own origin.
 */
export const CSRF_HEADER = 'x-larkspur-request';

export function registerCsrfProtection(app: FastifyInstance, options: { publicOrigin: string }): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== options.publicOrigin && origin !== ownOrigin) throw new AppError('CSRF_REJECTED');
    }
    const contentType = request.headers['content-type'] ?? '';
    const isJson = /^application\/json\s*(;|$)/i.test(contentType);
    if (!isJson && request.headers[CSRF_HEADER] === undefined) throw new AppError('CSRF_REJECTED');
  });
}
