// First: configures zod before any module that uses it is loaded.
import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from '@/config/paths';
import { preloadFirstSlide } from '@/features/site/content/first-slide';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryOptions } from '@/lib/session';
import { App } from './app/app';
import { createRouter } from './app/router';
import './styles.css';

// Starting the app is four steps of tens of milliseconds each on a phone: evaluating the
// framework, asking for the session, building the router (route table, then the first navigation:
// the session and the page's chunk) and rendering the page. Run back to back they were one long
// task that blocked input for their sum, on every page; here each runs in a task of its own
// (docs/decisions/0015-bootstrap-in-short-tasks.md).

/** Resolves in a new task, so that the work after it does not lengthen the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Router = ReturnType<typeof createRouter>;

/** Resolves once the router has settled its first navigation: session known, page code loaded. */
function initialized(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const queryClient = createQueryClient();
  // The root route's loader finds this request in flight.
  void queryClient.prefetchQuery(sessionQueryOptions());
  await nextTask();
  const router = createRouter(queryClient);
  await initialized(router);
  // index.html shows the same loader as the root route's fallback until then, so React's first
  // render is the page itself; as a transition it renders in short slices, not one long task.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The home page's largest paint is its first slide; asked for now, it loads while the session,
// the router and the home page's own chunk load, instead of after them.
if (window.location.pathname === paths.home) preloadFirstSlide();

void start(container);
