import type { ReactNode } from 'react';

/** A titled band of a page. `muted` alternates the background so long pages read in chapters. */
export function Section({
  id,
  title,
  intro,
  children,
  muted = false,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  muted?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={muted ? 'bg-slate-50' : 'bg-white'}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <h2
          id={headingId}
          className="max-w-3xl text-3xl font-semibold tracking-tight text-balance text-slate-900"
        >
          {title}
        </h2>
        {intro ? <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{intro}</div> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
