import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPagePath } from '@larkspur/contract';

/**
 * Serves the built web app (production): hashed assets cached for a year, index.html never cached,
 * and the SPA fallback — any page path gets index.html so the client router can render it, with
 * status 404 for paths the app has no page for (the app then shows its not-found page).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Directory listings and dotfiles are never served.
    list: false,
    dotfiles: 'deny',
    // The web build writes .br and .gz copies of every text file (web/vite.config.ts): send the one
    // the browser accepts, with no compression work per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function serveSpaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = request.url.split('?')[0] ?? '/';
  return reply
    .status(isKnownPagePath(pathname) ? 200 : 404)
    .header('Cache-Control', 'no-cache')
    .sendFile('index.html');
}
