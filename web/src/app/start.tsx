// First: configures zod before any module that uses it is loaded.
import '@/lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import type { SessionResponse } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { preloadFirstSlide } from '@/features/site/content/first-slide';
import { loadSession } from '@/lib/session';
import { startThemeSync } from '@/lib/theme';
import { App } from './app';
import { createRouter, createRoutes, initialized } from './router';

// Starting the app is several steps of a few to tens of milliseconds each on a phone: evaluating
// the framework, asking for the session, building the route table and the router, loading the
// page's chunk and rendering. Run back to back they were one long task that blocked input for their
// sum, on every page; here each runs in a task of its own
// (docs/decisions/0015-bootstrap-in-short-tasks.md).

/** Resolves in a new task, so that the work after it does not lengthen the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The router of a prerendered page, or null when React must not adopt that page's HTML.
 *
 * The HTML is the page as a guest sees it (docs/decisions/0016-prerendered-public-pages.md), so it
 * is adopted only for a guest: a signed-in person's header differs, and a guest-only page sends them
 * on. The route modules are loaded and the loaders' results given to the router up front, so its
 * first state is the page on screen: no navigation runs, and React's first render matches the HTML.
 */
async function prerenderedPageRouter(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  const [session] = await Promise.all([
    loadSession().catch(() => undefined),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  ]);
  if (session?.user !== null) return null;
  // The loaders on a prerendered page's path and what they return for a guest (app/guards.ts): the
  // root's the session, the guest-only pages' nothing. Any other loader: render afresh.
  const guestLoaderData: Record<string, SessionResponse | null> = { root: session, guest: null };
  const loaderData: NonNullable<HydrationState['loaderData']> = {};
  for (const { route } of matches) {
    if (!route.loader) continue;
    if (!route.id || !(route.id in guestLoaderData)) return null;
    loaderData[route.id] = guestLoaderData[route.id];
  }
  await nextTask();
  return createRouter(routes, { loaderData });
}

/**
 * `prerendered`: the container holds the build's HTML of this page. React adopts it (hydration)
 * when it can (see prerenderedPageRouter); otherwise it renders afresh and replaces it in one commit.
 */
export async function start(container: HTMLElement, prerendered: boolean): Promise<void> {
  await nextTask();
  // The root route's loader finds this request in flight. (No query client: public pages never
  // load TanStack Query; the signed-in areas create theirs, docs/decisions/0019.)
  loadSession().catch(() => undefined);
  // theme-init.js set the theme before first paint; from here the app keeps it in step.
  startThemeSync();
  // The home page's largest paint is its first slide; asked for now, it loads while the session,
  // the router and the home page's own chunk load, instead of after them. A prerendered home page
  // has it in its HTML.
  if (!prerendered && window.location.pathname === paths.home) preloadFirstSlide();
  await nextTask();
  const routes = createRoutes();
  await nextTask();
  const adopted = prerendered ? await prerenderedPageRouter(routes) : null;
  const router = adopted ?? createRouter(routes);
  if (!adopted) await initialized(router);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // Either way a transition, so React renders in short slices, not in one long task. Until then the
  // page shows its prerendered HTML, or index.html's loader, the same as the root route's fallback,
  // so React's first render is the page itself.
  await nextTask();
  startTransition(() => {
    if (adopted) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
