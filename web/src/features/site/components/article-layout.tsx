import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export interface ArticleMeta {
  title: string;
  /** ISO date, e.g. "2026-03-12". */
  published: string;
  author: string;
  readingMinutes: number;
  lead: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A readable article: one column about 65 characters wide, with its byline and related links. */
export function ArticleLayout({
  meta,
  related,
  children,
}: {
  meta: ArticleMeta;
  related: readonly { to: string; label: string }[];
  children: ReactNode;
}) {
  return (
    <main id="main" className="bg-white">
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Money know-how</p>
        <h1 className="mt-3 text-3xl min-[375px]:text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {meta.title}
        </h1>
        <p className="mt-5 text-xl leading-8 text-slate-700">{meta.lead}</p>
        <p className="mt-6 border-b border-slate-200 pb-6 text-sm text-slate-600">
          By {meta.author} ·{' '}
          <time dateTime={meta.published}>{dateFormat.format(new Date(meta.published))}</time> ·{' '}
          {meta.readingMinutes} min read
        </p>
        <div className="article-body mt-8 space-y-5 text-lg leading-8 text-slate-800 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
          {children}
        </div>
        <p className="mt-10 rounded-lg bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-700">
          This article is general information, not financial, tax or legal advice. Figures are illustrative.
        </p>
        <nav aria-label="Related" className="mt-10 border-t border-slate-200 pt-8">
          <h2 className="text-lg font-semibold text-slate-900">Keep reading</h2>
          <ul className="mt-4 space-y-3">
            {related.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-800"
                >
                  {link.label}
                  <ArrowRightIcon className="size-4" />
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={paths.help}
                className="inline-flex items-center gap-2 font-medium text-brand-700 hover:text-brand-800"
              >
                Questions? Visit the Help Center
                <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          </ul>
        </nav>
      </article>
    </main>
  );
}
