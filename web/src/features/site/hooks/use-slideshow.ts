import { useEffect, useState, useSyncExternalStore } from 'react';

/** product §1 and §9: three background slides, a new one every 5 seconds, cross-fading over 2. */
export const SLIDE_COUNT = 3;
export const SLIDE_INTERVAL_MS = 5_000;
export const FADE_MS = 2_000;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True while the person asked their system for less motion (and live when they change it). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** False while the tab is in the background: no point animating what nobody sees. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/**
 * The index of the slide on show: 0 → 1 → … → count − 1 → 0, one step every `intervalMs` while not
 * paused. Pausing keeps the current slide; resuming waits a whole interval before the next step.
 */
export function useSlideIndex({
  count,
  intervalMs,
  paused,
}: {
  count: number;
  intervalMs: number;
  paused: boolean;
}): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, paused]);
  return index;
}

/** The home page's slideshow: paused under `prefers-reduced-motion` and while the tab is hidden. */
export function useSlideshow(): { index: number; paused: boolean } {
  const reducedMotion = usePrefersReducedMotion();
  const visible = usePageVisible();
  const paused = reducedMotion || !visible;
  return { index: useSlideIndex({ count: SLIDE_COUNT, intervalMs: SLIDE_INTERVAL_MS, paused }), paused };
}
