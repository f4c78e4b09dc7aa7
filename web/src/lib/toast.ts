// Toasts (product §2: success, error, info; top right; 5 seconds or until closed). Import `toast` from
// here only.
//
// The toast library (react-toastify's unstyled build: its CSS comes from styles.css, so the CSP
// needs no inline style) is ~6.5 KB gzipped, and no page needs it before its first toast. So it is
// loaded on first use rather than with the code every page downloads: the first toast waits for one
// small request, later ones do not (docs/decisions/0011-first-chunk-budget.md). A toast asked for
// before the container has mounted is queued by the library and shown when it mounts.
import type * as ToastifyModule from 'react-toastify/unstyled';
type Toastify = typeof ToastifyModule;
type ToastKind = 'success' | 'error' | 'info';

let loading: Promise<Toastify> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/** Loads the toast library (once) and tells the Toaster to mount its container. */
export function loadToasts(): Promise<Toastify> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('react-toastify/unstyled').catch((error: unknown) => {
    // Offline or a deploy replaced the chunk: let the next toast try again.
    loading = null;
    throw error;
  });
  return loading;
}

/** For the Toaster: has any toast been asked for yet? */
export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Error toasts must not outlive the problem (issue #14): they are dismissed when an action
// succeeds (a success toast, or a state-changing request answered OK: lib/api-client.ts) and when
// the page changes (app/root-layout.tsx). The generation drops an error still waiting for the
// library when it is cleared.
let errorGeneration = 0;
const shownErrors = new Set<string | number>();

/** Dismisses every error toast on screen (and any still loading). Info and success toasts stay. */
export function clearErrorToasts(): void {
  errorGeneration += 1;
  if (shownErrors.size === 0 || loading === null) return;
  const ids = [...shownErrors];
  shownErrors.clear();
  loading.then(
    (toastify) => {
      for (const id of ids) toastify.toast.dismiss(id);
    },
    () => undefined,
  );
}

function show(kind: ToastKind, message: string): void {
  if (kind === 'success') clearErrorToasts();
  const generation = errorGeneration;
  loadToasts().then(
    (toastify) => {
      // One toast per message: the same words twice (a double click, two screens saying the same
      // thing) do not stack (issue 28).
      const toastId = `${kind}:${message}`;
      if (kind !== 'error') {
        toastify.toast[kind](message, { toastId });
        return;
      }
      if (generation !== errorGeneration) return;
      const id = toastify.toast.error(message, { toastId });
      shownErrors.add(id);
    },
    () => undefined,
  );
}

export const toast = {
  success: (message: string): void => show('success', message),
  error: (message: string): void => show('error', message),
  info: (message: string): void => show('info', message),
} as const;
