import { cleanup, act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroSlideshow } from '../components/hero-slideshow';
import { FADE_MS, SLIDE_COUNT, SLIDE_INTERVAL_MS, useSlideIndex } from './use-slideshow';

// Testing Library cleans up by itself only with vitest globals, which this project does not use.
afterEach(cleanup);

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  mockReducedMotion(false);
  setVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the slideshow timing', () => {
  it('has three slides, five seconds apart, fading over two', () => {
    expect([SLIDE_COUNT, SLIDE_INTERVAL_MS, FADE_MS]).toEqual([3, 5_000, 2_000]);
  });

  it('steps 0 → 1 → 2 → 0, once every interval and not before', () => {
    const { result } = renderHook(() => useSlideIndex({ count: 3, intervalMs: 5_000, paused: false }));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(4_999));
    expect(result.current).toBe(0);
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      act(() => vi.advanceTimersByTime(5_000));
      seen.push(result.current);
    }
    expect(seen).toEqual([1, 2, 0, 1]);
  });

  it('holds the slide while paused and waits a whole interval after resuming', () => {
    const { result, rerender } = renderHook(
      ({ paused }) => useSlideIndex({ count: 3, intervalMs: 5_000, paused }),
      {
        initialProps: { paused: false },
      },
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(1);
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(1);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(4_000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(2);
  });
});

describe('HeroSlideshow', () => {
  it('cross-fades through the slides, loading each one an interval ahead', () => {
    render(<HeroSlideshow />);
    const show = screen.getByTestId('hero-slideshow');
    expect(show).toHaveAttribute('data-slide-index', '0');
    expect(show.querySelectorAll('[data-slide]')).toHaveLength(2);
    expect(show.querySelector('[data-slide="0"] img')).toHaveAttribute('fetchpriority', 'high');
    // Tailwind's `duration-<ms>`: the fade lasts FADE_MS.
    expect(show.querySelector('[data-slide="0"]')).toHaveClass(`duration-${FADE_MS}`);

    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(show).toHaveAttribute('data-slide-index', '1');
    expect(show.querySelectorAll('[data-slide]')).toHaveLength(3);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(show).toHaveAttribute('data-slide-index', '0');
  });

  it('stands still, and loads only the first picture, under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    render(<HeroSlideshow />);
    const show = screen.getByTestId('hero-slideshow');
    expect(show).toHaveAttribute('data-paused', 'true');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 5));
    expect(show).toHaveAttribute('data-slide-index', '0');
    expect(show.querySelectorAll('[data-slide]')).toHaveLength(1);
  });

  it('pauses while the tab is hidden', () => {
    render(<HeroSlideshow />);
    const show = screen.getByTestId('hero-slideshow');
    act(() => setVisibility('hidden'));
    expect(show).toHaveAttribute('data-paused', 'true');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(show).toHaveAttribute('data-slide-index', '0');
    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(show).toHaveAttribute('data-slide-index', '1');
  });

  it('is hidden from assistive technology', () => {
    render(<HeroSlideshow />);
    expect(screen.getByTestId('hero-slideshow')).toHaveAttribute('aria-hidden', 'true');
  });
});
