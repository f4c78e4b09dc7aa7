// The build's prerender (web/scripts/prerender.ts, docs/decisions/0016-prerendered-public-pages.md):
// bundled by Vite for Node (`vite build --ssr`) so that it resolves modules, aliases and asset URLs
// exactly as the browser build does.
import './lib/zod-csp';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { paths, publicPagePaths, type SessionResponse } from '@larkspur/contract';
import { App } from './app/app';
import { createRoutes, initialized } from './app/router';
import { PageMetaCollector, documentTitle } from './lib/page-meta';
import { setSession } from './lib/session';

/** The pages written as HTML at build time: the public site, and the two guest forms. */
export const prerenderedPaths: readonly string[] = [...publicPagePaths, paths.login, paths.signup];

const GUEST: SessionResponse = { user: null, idleExpiresAt: null };

export interface PrerenderedPage {
  /** The markup of the app's root, exactly as React renders it for a guest. */
  html: string;
  /** The document title and meta description the page sets. */
  title: string;
  description: string;
}

/** Renders one page as a guest sees it, once its route's code has loaded and its loaders have run. */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  setSession(GUEST);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  try {
    await initialized(router);
    if (router.state.errors !== null || router.state.location.pathname !== path)
      throw new Error(`${path} did not render as a page of its own (an error or a redirect)`);
    let meta: { title: string; description: string } | undefined;
    const { prelude } = await prerenderToNodeStream(
      <PageMetaCollector value={(collected) => (meta = collected)}>
        <StrictMode>
          <App router={router} />
        </StrictMode>
      </PageMetaCollector>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    if (!meta) throw new Error(`${path} set no title (usePageMeta)`);
    return { html, title: documentTitle(meta.title), description: meta.description };
  } finally {
    router.dispose();
  }
}
