// Writes the public pages, /login and /signup as HTML at build time
// (docs/decisions/0016-prerendered-public-pages.md). Run by `npm run build -w web` after the browser
// build and the prerender's own Node bundle (src/prerender.tsx, `vite build --ssr`).
//
// - dist/prerendered/<path>.html per page (dist/prerendered/index.html for /): index.html with the
//   page's markup in #root (marked `data-prerendered`), its title and meta description, and no
//   preload of the app's chunks: main.tsx asks for them once the page has loaded. The server sends
//   these for their paths (server/src/plugins/web-app.ts).
// - dist/index.html, still the page of every other path, gains a `modulepreload` of the app's chunks,
//   which main.tsx loads with a dynamic import: those pages show only a loader until the app runs.
// - dist/shells/*.html: index.html for a signed-in area, with that area's chunks and first answers
//   preloaded too, and dist/shells/shells.json, which says where each applies (see below).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as PrerenderEntry from '../src/prerender';
import { writeCompressedCopies } from './compress.ts';

const WEB = path.resolve(import.meta.dirname, '..');
const DIST = path.join(WEB, 'dist');
const SSR_BUNDLE = path.join(WEB, 'node_modules/.cache/prerender/prerender.js');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
const OUT = path.join(DIST, 'prerendered');
const SHELLS_OUT = path.join(DIST, 'shells');
/** Read by the server: which signed-in page gets which shell. */
const SHELLS_INDEX = 'shells.json';
/** The module main.tsx imports to start the app. */
const APP_START = 'src/app/start.tsx';
const ROOT = /<div id="root">[\s\S]*?<!--root:end-->\s*<\/div>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;

/** A signed-in area's page: for `role`, at `path` exactly or under `prefix`. */
interface ShellRule {
  role: 'user' | 'admin';
  path?: string;
  prefix?: string;
  file: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`index.html: no ${what}`);
  return html.replace(pattern, () => replacement);
}

/** The chunk of `key` and every chunk it imports statically, as the browser fetches them. */
function staticGraph(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const next of chunk.imports ?? []) staticGraph(manifest, next, seen);
  return seen;
}

type PrerenderModule = typeof PrerenderEntry;
// React's production build, as in the browser bundle (the same markup, without development checks).
process.env.NODE_ENV = 'production';
const { prerenderPage, prerenderedPaths } = (await import(pathToFileURL(SSR_BUNDLE).href)) as PrerenderModule;
const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const publicPages = new Set<string>(prerenderedPaths.filter((p) => p !== '/login' && p !== '/signup'));

/** `modulepreload` links for `modules`' chunks and their static imports, bar those `page` loads already. */
const modulePreloads = (modules: string[], page: string) =>
  [...new Set(modules.flatMap((key) => [...staticGraph(manifest, key)]))]
    .map((key) => {
      const file = manifest[key]?.file;
      if (!file) throw new Error(`the build has no chunk for ${key}`);
      return `/${file}`;
    })
    .filter((href) => !page.includes(`"${href}"`))
    .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
    .join('');
const withHeadLinks = (page: string, links: string) =>
  replaceOnce(page, /(\s*)<\/head>/, `\n${links}  </head>`, '</head>');

// The SPA page: preload the app's chunks (not the entry, which its own script tag loads).
const spa = withHeadLinks(template, modulePreloads([APP_START], template));
fs.writeFileSync(path.join(DIST, 'index.html'), spa);
writeCompressedCopies(path.join(DIST, 'index.html'));

// The signed-in areas' pages, for a request whose session the server has already found live
// (server/src/plugins/web-app.ts): the SPA page, plus the area's own chunks and the answers its
// first screen waits for, asked for by the HTML, so they load beside the app's chunks instead of
// one after another once the app runs (the session, then the route's chunks, then the profile).
// `fetch` preloads carry `crossorigin` so the app's own same-origin `fetch` finds them.
const fetchPreloads = (urls: string[]) =>
  urls.map((url) => `    <link rel="preload" as="fetch" crossorigin href="${url}">\n`).join('');
const CUSTOMER_SHELL = 'src/features/dashboard/components/customer-shell.tsx';
const ADMIN_SHELL = 'src/features/admin/components/admin-shell.tsx';
const CUSTOMER_FIRST_ANSWERS = ['/api/auth/session', '/api/me'];
const SHELLS: (ShellRule & { modules: string[]; fetches: string[] })[] = [
  {
    role: 'user',
    path: '/user/dashboard',
    file: 'customer-overview.html',
    modules: [CUSTOMER_SHELL, 'src/features/dashboard/pages/overview-page.tsx'],
    fetches: CUSTOMER_FIRST_ANSWERS,
  },
  {
    role: 'user',
    prefix: '/user/',
    file: 'customer.html',
    modules: [CUSTOMER_SHELL],
    fetches: CUSTOMER_FIRST_ANSWERS,
  },
  {
    role: 'admin',
    prefix: '/admin/',
    file: 'admin.html',
    modules: [ADMIN_SHELL],
    fetches: ['/api/auth/session'],
  },
];
fs.rmSync(SHELLS_OUT, { recursive: true, force: true });
fs.mkdirSync(SHELLS_OUT, { recursive: true });
for (const shell of SHELLS) {
  const file = path.join(SHELLS_OUT, shell.file);
  fs.writeFileSync(
    file,
    withHeadLinks(spa, fetchPreloads(shell.fetches) + modulePreloads(shell.modules, spa)),
  );
  writeCompressedCopies(file);
}
const rules: ShellRule[] = SHELLS.map(({ modules: _m, fetches: _f, ...rule }) => rule);
fs.writeFileSync(path.join(SHELLS_OUT, SHELLS_INDEX), `${JSON.stringify(rules, null, 2)}\n`);

fs.rmSync(OUT, { recursive: true, force: true });
for (const pagePath of prerenderedPaths) {
  const page = await prerenderPage(pagePath);
  if (/<script[\s>]/i.test(page.html)) throw new Error(`${pagePath}: inline script in the markup (CSP)`);
  let html = replaceOnce(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title>`,
    'title',
  );
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    'meta description',
  );
  html = replaceOnce(html, ROOT, `<div id="root" data-prerendered>${page.html}</div>`, '#root markers');
  // The public pages read and navigate without JavaScript; the forms need it.
  if (publicPages.has(pagePath)) html = replaceOnce(html, NOSCRIPT, '', 'noscript');
  const file = path.join(OUT, `${pagePath === '/' ? '/index' : pagePath}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  writeCompressedCopies(file);
}
fs.rmSync(path.dirname(MANIFEST), { recursive: true, force: true });
console.log(`prerendered ${prerenderedPaths.length} pages into ${path.relative(WEB, OUT)}/`);
