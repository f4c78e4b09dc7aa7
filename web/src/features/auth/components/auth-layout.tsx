import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The frame of the guest-only pages: one card on a quiet background, inside the public header and
 * footer. `stepKey` changes when a multi-step flow moves on; the heading then takes focus, so a
 * screen reader announces the new step and the keyboard starts from the top of it.
 */
export function AuthLayout({
  eyebrow,
  title,
  intro,
  children,
  footer,
  wide = false,
  stepKey,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  stepKey?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(stepKey);
  useEffect(() => {
    if (stepKey !== firstStep.current) headingRef.current?.focus();
  }, [stepKey]);

  return (
    <main id="main" className="bg-slate-50 px-4 py-8 sm:px-6 sm:py-14">
      <div className={`mx-auto ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          ) : null}
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
          >
            {title}
          </h1>
          {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div> : null}
      </div>
    </main>
  );
}
