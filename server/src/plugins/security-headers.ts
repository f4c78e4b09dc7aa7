import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers for every response. The web app is built without inline style and with one inline
 * script allowed by its hash, so the CSP needs no 'unsafe-inline'. HSTS only where the bank is
 * reached over https.
 */
/** Our CSP, in helmet's form; also written out by hand for answers that never reach helmet. */
function cspDirectives(https: boolean, scriptHashes: readonly string[] = []): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    // Plus, by hash, the inline scripts the web build wrote (the theme script: decision 0126).
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
const HSTS_MAX_AGE_S = 31_536_000;

/**
 * The same strict headers for the few answers Fastify's router gives before any hook runs (a URL
 * it cannot decode, a path segment over the length limit): helmet never sees those.
 */
export function routerErrorSecurityHeaders(https: boolean): Record<string, string> {
  const csp = Object.entries(cspDirectives(https))
    .map(([key, values]) => [key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' ').trim())
    .join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cache-control': 'no-store',
    ...(https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` } : {}),
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; scriptHashes?: readonly string[] },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(options.https, options.scriptHashes),
    },
    strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The bank is never framed and never opens windows that need opener access.
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}
