import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { minifySync, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { COMPRESSIBLE, writeCompressedCopies } from './scripts/compress.ts';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built text file, at maximum compression,
 * once at build time; the server sends the copy the browser accepts (`preCompressed` in
 * server/src/plugins/web-app.ts). Three times fewer bytes on a phone's connection, no CPU per request.
 * Not for the prerender's own bundle (`--ssr`), which only the build runs.
 */
function precompress(): Plugin {
  return {
    name: 'larkspur-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (COMPRESSIBLE.test(fileName)) writeCompressedCopies(path.join(dir, fileName));
      }
    },
  };
}

/** The theme script as index.html names it; public/theme-init.js stays the one source of it. */
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

/**
 * Puts public/theme-init.js, minified (≈ 0.4 KB), into index.html — and so into every prerendered
 * page and shell made from it (web/scripts/prerender.ts) — instead of loading it as a blocking
 * request of its own: the theme is still set before first paint, without a round trip first
 * (issue 15: it cost /user/dashboard ~0.4 s of first paint on Lighthouse's mobile profile). The
 * server allows exactly the inline scripts of the built pages by their SHA-256 in its CSP
 * (`inlineScriptHashes`, server/src/plugins/web-app.ts); docs/decisions/0126-theme-script-inline.md.
 */
function inlineThemeScript(): Plugin {
  return {
    name: 'larkspur-inline-theme-script',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_SCRIPT_TAG)) throw new Error(`index.html: no ${THEME_SCRIPT_TAG}`);
        const file = path.join(import.meta.dirname, 'public/theme-init.js');
        const { code, errors } = minifySync(file, fs.readFileSync(file, 'utf8'));
        if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join('; ')}`);
        if (/<\/script/i.test(code)) throw new Error(`${file}: cannot be inlined (contains </script)`);
        return html.replace(THEME_SCRIPT_TAG, () => `<script>${code.trim()}</script>`);
      },
    },
  };
}

const apiTarget = process.env.LARKSPUR_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), inlineThemeScript()],
  // The year the prerendered pages are built in (both builds run in one `npm run build`): what the
  // footer renders while React adopts them (features/site/components/site-footer.tsx).
  define: { __LARKSPUR_BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    // Browsers from the last few years; keeps the bundle free of needless transforms.
    target: 'es2022',
    sourcemap: true,
    // Read by the prerender (web/scripts/prerender.ts) to list the app's chunks in index.html, then
    // removed.
    manifest: true,
    modulePreload: {
      // main.tsx starts the app (app/start.tsx) with a dynamic import. On a prerendered page that
      // import waits for the document's load, and then one request for the start chunk (which
      // imports the framework itself) costs the main thread less than inserting a preload link
      // per chunk, at a moment the page already shows everything. The other pages preload these
      // chunks from index.html (web/scripts/prerender.ts). Route chunks keep their preloads.
      resolveDependencies: (filename, deps) => (/(^|\/)start-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // docs/decisions/0011-first-chunk-budget.md: the framework every page runs in one long-cached
        // chunk, and the few small components the home page shares with other pages in one more,
        // rather than a dozen tiny files each paying its own request and compression overhead.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // TanStack Query, long-cached like the framework but loaded only by the signed-in areas:
            // public pages have no query client (docs/decisions/0019-public-pages-without-query-client.md).
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            // The API client and what it needs (the session's parser among them), the toast API and the
            // public forms' request state (lib/use-async-action.ts): the start chunk imports them, and so
            // do lazily loaded pages, so they cannot be in the start chunk itself.
            {
              name: 'app-core',
              // Only these modules: their own imports stay where they are (the framework, the start chunk).
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/]lib[\\/](api-client|idle-deadline|wire-read|use-hydrated|toast|use-async-action)\.ts$/,
            },
            // The customer area's small shared modules (each a few hundred bytes), which the overview
            // loaded as ~15 separate requests. None is used by a public page; format-money (the loan
            // calculator's) and copy-button (the sign-up page's) stay out of it.
            {
              name: 'customer-kit',
              includeDependenciesRecursively: false,
              test: /[\\/](src[\\/](components[\\/]ui[\\/](app-shell|idle-timeout-warning|dialog|banking-icons|error-state|money|skeleton|status-badge|empty-state|signed-money|hold-badge|hold-text)\.tsx?|lib[\\/](me|money-queries|format-date|transaction-record|query-client)\.ts)|contract[\\/]src[\\/]insight-periods\.ts)$/,
            },
            {
              name: 'site-kit',
              test: /[\\/]src[\\/](components[\\/]ui[\\/]icons|lib[\\/]page-meta|features[\\/]site[\\/]components[\\/](section|cta-band|link-card|illustrative|feature-grid))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/dev/mailbox': { target: apiTarget },
      // Built by the server from the route table and PUBLIC_ORIGIN (docs/decisions/0014).
      '/sitemap.xml': { target: apiTarget },
      '/robots.txt': { target: apiTarget },
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
