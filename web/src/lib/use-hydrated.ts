import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React renders a page into the build's prerendered HTML or adopts that HTML in the
 * browser (hydration), true from then on, and in every render React starts itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
