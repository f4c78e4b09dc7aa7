import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { isLoopbackHost } from '../lib/loopback';

/**
 * Paths any Host may ask for: load balancers and orchestrators probe an instance by its address
 * (`10.0.3.7:3000`), and these answers carry nothing a rebinding page could use.
 */
const ANY_HOST_PATHS = new Set(['/api/health', '/api/ready']);

export interface AllowedHosts {
  /** Exact Host values, lower case (PUBLIC_ORIGIN's, with and without its scheme's default port). */
  hosts: string[];
  /** Also localhost, 127.0.0.1 and [::1] on any port (embedded bank, development, tests). */
  loopbackAnyPort: boolean;
}

export function isAllowedHost(host: string, allowed: AllowedHosts): boolean {
  if (host === '') return false;
  if (allowed.loopbackAnyPort && isLoopbackHost(host)) return true;
  return allowed.hosts.includes(host.toLowerCase());
}

/**
 * DNS rebinding defence (docs/decisions/0086): a page on `rebind.evil.example` whose name the
 * attacker re-points at the bank is same-origin with it in the browser, so it could read any answer
 * that needs no cookie (the dev mailbox did: an admin's sign-in code). Such a request still names the
 * attacker's host, so every request whose Host (as forwarded by a trusted proxy) is not one the bank
 * answers for is refused with 421 before any route runs.
 */
export function registerHostCheck(app: FastifyInstance, allowed: AllowedHosts): void {
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (ANY_HOST_PATHS.has(pathname)) return;
    if (!isAllowedHost(request.host, allowed)) throw new AppError('MISDIRECTED_REQUEST');
  });
}
