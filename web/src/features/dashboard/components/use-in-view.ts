import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come near the viewport, and from then on. Lets the charts' code (and
 * Recharts with it) wait until someone scrolls to them: on a phone the charts sit below the fold.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '0px'): boolean {
  // Without IntersectionObserver (old browsers, tests) everything counts as seen at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
