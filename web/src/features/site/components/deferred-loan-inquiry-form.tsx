import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { LoanType } from '@larkspur/contract';

const LoanInquiryForm = lazy(async () => ({
  default: (await import('./loan-inquiry-form')).LoanInquiryForm,
}));

/** Start loading the form when it is this close to the screen, so it is ready when it arrives. */
const LOAD_MARGIN_PX = 800;

function Placeholder() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy="true"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900">
        Talk to a loan specialist
      </h2>
      <p className="mt-2 text-slate-700">Loading the inquiry form…</p>
      <div aria-hidden="true" className="mt-6 grid gap-5 sm:grid-cols-2">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={`h-[4.5rem] rounded-lg bg-slate-100 ${i === 4 ? 'sm:col-span-2' : ''}`} />
        ))}
      </div>
    </section>
  );
}

/**
 * The loan inquiry form sits at the bottom of its page and brings zod and react-hook-form with it
 * (~40 KB gzipped). It is loaded as the visitor scrolls towards it — or follows a link to it — so
 * the rest of the page becomes usable sooner on a phone. The placeholder keeps its place and
 * heading, so nothing jumps when the form arrives.
 */
export function DeferredLoanInquiryForm({ defaultLoanType }: { defaultLoanType: LoanType }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, tests) the form simply loads at once. The build's
  // prerender (no window) writes the placeholder, as the browser's first render has it.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LOAD_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<Placeholder />}>
          <LoanInquiryForm defaultLoanType={defaultLoanType} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
    </div>
  );
}
