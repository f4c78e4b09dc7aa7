import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by (decision 0195): the matched route's pattern, e.g.
 * `/api/recipients/:accountNumber`. The router decodes percent-escapes before it matches, so the
 * raw URL can spell an API route as `/%61pi/…`; a check on the raw text would skip a request the
 * router still hands to that route. A request no route matched falls back to its raw path: it is
 * answered as not found (or with the web app's page), whatever a hook decides for it.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
}

/** Whether the request was routed to the API (`/api/…`): the CSRF check and the session apply. */
export function isApiRequest(request: FastifyRequest): boolean {
  return routedPath(request).startsWith('/api/');
}
