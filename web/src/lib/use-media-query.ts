import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here up, lists become tables. */
export const MEDIUM_SCREEN_QUERY = '(min-width: 48rem)';

/**
 * True while the media query matches. For layouts that differ in structure (a table on wide
 * screens, a list of cards on phones) rather than in style: rendering only one keeps the page's
 * text and its accessibility tree single.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
