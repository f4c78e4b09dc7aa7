import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, subscribeToToastRequests, toastsRequested } from '@/lib/toast';

/** product §2 / §9: toasts at the top right, closing after 5 seconds or on their close button. */
export const TOAST_LIFETIME_MS = 5_000;

// Loaded with the first toast, not with the page (see lib/toast.ts).
const ToastContainer = lazy(() => loadToasts().then((toastify) => ({ default: toastify.ToastContainer })));

export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_LIFETIME_MS}
        closeButton
        newestOnTop
        pauseOnFocusLoss={false}
        theme="colored"
      />
    </Suspense>
  );
}
