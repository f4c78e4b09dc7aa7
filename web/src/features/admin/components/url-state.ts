import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters, search and sort live in the URL: a reload, a shared link or the Back button shows the
 * same list. Changes replace the history entry (typing a search is not twenty navigations).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null | undefined>, { push = false }: { push?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: !push, preventScrollReset: true },
      );
    },
    [setParams],
  );
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  return { params, get, update };
}

/** A URL value that must be one of a fixed set; anything else (a hand-edited link) reads as unset. */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
