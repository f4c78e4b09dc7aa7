import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { clearErrorToasts } from '@/lib/toast';

/**
 * What every change of page does (product §2, issue #14): scroll to the top — Back and Forward too,
 * so no browser or router scroll restoration — and dismiss error toasts about the page left.
 * A page is its path: a change of the query alone (a filter, a record opened over a list) keeps
 * the place, and a link to an anchor (the skip link) goes to the anchor (docs/decisions/0116).
 */
export function NavigationEffects() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    clearErrorToasts();
    if (!hash) window.scrollTo(0, 0);
    // The hash is read, not watched: only a change of page scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
