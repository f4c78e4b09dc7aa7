import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownPagePath } from '@larkspur/contract';

/** Where the web build writes the pages it prerendered (web/scripts/prerender.ts). */
const PRERENDERED_DIR = 'prerendered';

/** Where it writes the signed-in areas' pages, and the index saying which applies where. */
const SHELLS_DIR = 'shells';
const SHELLS_INDEX = 'shells.json';

/** The prerendered page of each path, as a file under web/dist; read once at start. */
let prerendered = new Map<string, string>();

/** A signed-in area's page (web/scripts/prerender.ts): for `role`, at `path` or under `prefix`. */
interface ShellRule {
  role: 'user' | 'admin';
  path?: string;
  prefix?: string;
  file: string;
}
let shells: ShellRule[] = [];

function readShellRules(webDistDir: string): ShellRule[] {
  const index = path.join(webDistDir, SHELLS_DIR, SHELLS_INDEX);
  if (!fs.existsSync(index)) return [];
  const rules: unknown = JSON.parse(fs.readFileSync(index, 'utf8'));
  if (!Array.isArray(rules)) throw new Error(`${index}: not a list of shells`);
  return rules.map((rule: Partial<ShellRule>) => {
    if ((rule.role !== 'user' && rule.role !== 'admin') || typeof rule.file !== 'string')
      throw new Error(`${index}: a shell without role or file`);
    if (!fs.existsSync(path.join(webDistDir, SHELLS_DIR, rule.file)))
      throw new Error(`${index}: ${rule.file} is missing`);
    return { role: rule.role, path: rule.path, prefix: rule.prefix, file: `${SHELLS_DIR}/${rule.file}` };
  });
}

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

/** An inline classic script: `<script>` with no attributes (never `src`, never a `type`). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the pages the web build wrote — today the
 * theme script it puts in every page's head (web/vite.config.ts `inlineThemeScript`, decision 0126).
 * Read from the build's files once at start, never from a response: a script injected at run time
 * cannot match, and the build output is what `script-src 'self'` trusts already. None without a
 * build (the API alone, development).
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  const pages = [path.join(webDistDir, 'index.html')];
  for (const dir of [SHELLS_DIR, PRERENDERED_DIR]) {
    const root = path.join(webDistDir, dir);
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.html')) pages.push(path.join(root, entry));
    }
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    if (!fs.existsSync(page)) continue;
    for (const match of fs.readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)) {
      const digest = crypto
        .createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64');
      hashes.add(`'sha256-${digest}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * Serves the built web app (production): hashed assets cached for a year, pages never cached.
 * A page the build prerendered (the public site, /login, /signup: docs/decisions/0016) gets its own
 * HTML; any other page path gets index.html so the client router can render it, with status 404 for
 * paths the app has no page for (the app then shows its not-found page), signed in or not.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  prerendered = findPrerenderedPages(webDistDir);
  shells = readShellRules(webDistDir);

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Directory listings and dotfiles are never served; nor are the prerendered pages under their
    // file names: each has one address, its page's.
    list: false,
    dotfiles: 'deny',
    globIgnore: [`${PRERENDERED_DIR}/**`, `${SHELLS_DIR}/**`],
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

/**
 * `roleOf`: the role of the request's live session, if it has one; asked only for a path some
 * shell serves. A signed-in person's page of their own area is that area's shell, which asks for
 * the area's chunks and first answers up front; those answers would be refused to anyone else, so
 * nobody else gets it.
 */
export async function serveSpaFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  roleOf: () => Promise<string | null>,
): Promise<FastifyReply> {
  const pathname = request.url.split('?')[0] ?? '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // One matcher decides what is a page (contract/src/paths.ts, which the web router is tested
  // against): a path under an area's prefix that is no page is the not-found app for everyone,
  // never a signed-in shell with 200.
  const known = isKnownPagePath(pathname);
  let page = prerendered.get(trimmed);
  const candidates =
    page || !known
      ? []
      : shells.filter(
          (shell) =>
            shell.path === trimmed || (shell.prefix !== undefined && trimmed.startsWith(shell.prefix)),
        );
  if (candidates.length > 0) {
    const role = await roleOf();
    page = candidates.find((shell) => shell.role === role)?.file;
  }
  return reply
    .status(page || known ? 200 : 404)
    .header('Cache-Control', 'no-cache')
    .sendFile(page ?? 'index.html');
}
