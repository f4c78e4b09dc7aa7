import { useSyncExternalStore } from 'react';

/**
 * product §2: a full-screen loader shows while a global loading flag is set. Several operations may
 * hold it at once, so it is a counter: the loader shows while any holder remains.
 */
let holders = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginGlobalLoading(): () => void {
  holders += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    holders -= 1;
    emit();
  };
}

export async function withGlobalLoading<T>(work: Promise<T>): Promise<T> {
  const end = beginGlobalLoading();
  try {
    return await work;
  } finally {
    end();
  }
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holders > 0,
    // Nothing is loading in a prerendered page (or while React adopts one).
    () => false,
  );
}
