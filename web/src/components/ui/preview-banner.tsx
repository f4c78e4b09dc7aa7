import { useEffect, useState } from 'react';

/** How often the development banner asks whether the API answers. */
export const PREVIEW_POLL_INTERVAL_MS = 5_000;

export const PREVIEW_RUNNING_TEXT = 'Preview backend running in this workspace.';
export const PREVIEW_DISCONNECTED_TEXT = 'Preview backend disconnected.';

async function backendAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * product §2: in a developer preview workspace a small fixed banner says whether the backend runs.
 * Rendered only by development builds (see RootLayout).
 */
export function PreviewBanner({ pollIntervalMs = PREVIEW_POLL_INTERVAL_MS }: { pollIntervalMs?: number }) {
  const [running, setRunning] = useState<boolean | null>(null);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const ok = await backendAnswers();
      if (!cancelled) setRunning(ok);
    };
    void check();
    const timer = window.setInterval(() => void check(), pollIntervalMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [pollIntervalMs]);

  if (running === null) return null;
  return (
    <div
      role="status"
      className={`fixed bottom-3 left-3 z-40 rounded-md px-3 py-1.5 text-xs font-medium shadow-md ${
        running ? 'bg-emerald-800 text-white' : 'bg-red-700 text-white'
      }`}
    >
      {running ? PREVIEW_RUNNING_TEXT : PREVIEW_DISCONNECTED_TEXT}
    </div>
  );
}
