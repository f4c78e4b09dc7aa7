import type { ReactNode } from 'react';

/**
 * A page of a signed-in area: the one `<main id="main">` (the skip link's target) and the one
 * `<h1>`, with an optional line of intro and actions beside the heading (below it on phones).
 */
export function Page({
  title,
  intro,
  actions,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-1 text-slate-700">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </main>
  );
}

/** A white panel with a heading: the building block of the money screens. */
export function Panel({
  title,
  titleId,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  /** Ties the section to its heading (`aria-labelledby`); required when there is a title. */
  titleId?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      {title ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
