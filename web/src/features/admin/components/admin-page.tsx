import { useId, type ReactNode } from 'react';

/**
 * The frame of every admin screen: the page's one `<main id="main">` (the skip link's target),
 * its one h1, a line saying what the screen is for, and the actions that belong to the whole page.
 */
export function AdminPage({
  title,
  intro,
  actions,
  before,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  /** Above the heading: a way back (the customer file's "All users"). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      {before}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {intro ? <div className="mt-1 text-slate-700">{intro}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}

/** A white card with a heading: a section of an admin screen. */
export function Panel({
  title,
  headingLevel = 2,
  description,
  actions,
  children,
  className = '',
}: {
  title: string;
  headingLevel?: 2 | 3;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={id} className="text-base font-semibold text-slate-900 sm:text-lg">
            {title}
          </Heading>
          {description ? <div className="mt-0.5 text-sm text-slate-700">{description}</div> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
