import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A legal page: title, last-updated date, a table of contents and numbered sections. */
export function LegalLayout({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  /** ISO date of the last change. */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <main id="main" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
        <h1 className="mt-3 text-3xl min-[375px]:text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 text-sm text-slate-600">
          Last updated <time dateTime={updated}>{dateFormat.format(new Date(updated))}</time>
        </p>
        <div className="mt-6 space-y-4 text-lg leading-8 text-slate-700">{intro}</div>
        <nav aria-label="On this page" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-brand-700">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="underline-offset-2 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-title`} className="text-2xl font-semibold tracking-tight text-slate-900">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-4 leading-7 text-slate-700 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {s.body}
            </div>
          </section>
        ))}
      </div>
    </main>
  );
}
