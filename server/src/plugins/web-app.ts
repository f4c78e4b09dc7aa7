import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPagePath } from '@larkspur/contract';

/** Where the web build writes the pages it prerendered (web/scripts/prerender.ts). */
const PRERENDERED_DIR = 'prerendered';

/** The prerendered page of each path, as a file under web/dist; read once at start. */
let prerendered = new Map<string, string>();

function findPrerenderedPages(webDistDir: string): Map<string, string> {
  const dir = path.join(webDistDir, PRERENDERED_DIR);
  if (!fs.existsSync(dir)) return new Map();
  const pages = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const route = `/${entry.slice(0, -'.html'.length).split(path.sep).join('/')}`;
    pages.set(route === '/index' ? '/' : route, `${PRERENDERED_DIR}/${entry.split(path.sep).join('/')}`);
  }
  return pages;
}

/**
 * Serves the built web app (production): hashed assets cached for a year, pages never cached.
 * A page the build prerendered (the public site, /login, /signup: docs/decisions/0016) gets its own
 * HTML; any other page path gets index.html so the client router can render it, with status 404 for
 * paths the app has no page for (the app then shows its not-found page).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  prerendered = findPrerenderedPages(webDistDir);

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Directory listings and dotfiles are never served; nor are the prerendered pages under their
    // file names: each has one address, its page's.
    list: false,
    dotfiles: 'deny',
    globIgnore: [`${PRERENDERED_DIR}/**`],
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
  const page = prerendered.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  return reply
    .status(page || isKnownPagePath(pathname) ? 200 : 404)
    .header('Cache-Control', 'no-cache')
    .sendFile(page ?? 'index.html');
}
