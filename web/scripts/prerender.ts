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
/** The module main.tsx imports to start the app. */
const APP_START = 'src/app/start.tsx';
const ROOT = /<div id="root">[\s\S]*?<!--root:end-->\s*<\/div>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;

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

// The SPA page: preload the app's chunks (not the entry, which its own script tag loads).
const preloads = [...staticGraph(manifest, APP_START)]
  .map((key) => `/${manifest[key]?.file ?? ''}`)
  .filter((href) => !template.includes(`src="${href}"`))
  .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
  .join('');
const spa = replaceOnce(template, /(\s*)<\/head>/, `\n${preloads}  </head>`, '</head>');
fs.writeFileSync(path.join(DIST, 'index.html'), spa);
writeCompressedCopies(path.join(DIST, 'index.html'));

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
