import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/ui/icons';
import { SearchBox } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageHero } from '../components/page-hero';
import { FAQ_QUERY_LENGTH_MAX, faqGroups, searchFaqs } from '../content/faqs';
import { plural, pluralWord } from '@/lib/plural';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The Help Center at /support/help. product §2 makes /support/faqs the same page: it sends the visitor
 * here, to the questions (`#faqs`), so the page has one name (decision 0214).
 */
export function HelpPage() {
  usePageMeta({
    title: 'Help Center',
    description:
      'Answers to common questions about Larkspur Bank accounts, logging in, transfers, cards, loans and security.',
  });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const groups = searchFaqs(faqGroups, deferred);
  const count = groups.reduce((n, g) => n + g.faqs.length, 0);
  const total = faqGroups.reduce((n, g) => n + g.faqs.length, 0);

  return (
    <main id="main">
      <PageHero
        eyebrow="Support"
        title="Help Center"
        lead="Answers to the questions we hear most. Search, or browse by topic."
      />
      <div id="faqs" className="mx-auto max-w-4xl scroll-mt-20 px-4 py-10 sm:px-6 lg:py-14">
        <form role="search" aria-label="Frequently asked questions" onSubmit={(e) => e.preventDefault()}>
          <SearchBox
            label="Search the FAQs"
            value={query}
            maxLength={FAQ_QUERY_LENGTH_MAX}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. lost card, transfer, password"
          />
        </form>
        <p role="status" className="mt-4 text-sm text-slate-700">
          {count === total
            ? plural(total, 'question')
            : `${count} of ${plural(total, 'question')} ${pluralWord(count, 'matches', 'match')} “${deferred.trim()}”`}
        </p>

        {groups.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-semibold text-slate-900">No answers found</h2>
            <p className="mt-2 text-slate-700">
              Try fewer or different words, or{' '}
              <Link to={paths.contact} className="font-medium text-brand-700 underline underline-offset-2">
                contact us
              </Link>{' '}
              — we are happy to help.
            </p>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.topic} aria-labelledby={`faq-${slug(group.topic)}`} className="mt-10">
              <h2
                id={`faq-${slug(group.topic)}`}
                className="text-2xl font-semibold tracking-tight text-slate-900"
              >
                {group.topic}
              </h2>
              <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {group.faqs.map((faq) => (
                  <details key={faq.question} className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                      <span>{faq.question}</span>
                      <ChevronDownIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
                    </summary>
                    <div className="px-5 pb-5 leading-7 text-slate-700">
                      <p>{faq.answer}</p>
                      {faq.link ? (
                        <p className="mt-3">
                          <Link
                            to={faq.link.to}
                            className="font-medium text-brand-700 underline underline-offset-2"
                          >
                            {faq.link.label}
                          </Link>
                        </p>
                      ) : null}
                    </div>
                  </details>
                ))}
              </div>
            </section>
          ))
        )}

        <p className="mt-12 rounded-2xl bg-brand-50 p-6 text-brand-950">
          Still need help? Call us on{' '}
          <a href="tel:+18005550199" className="font-semibold underline">
            1-800-555-0199
          </a>{' '}
          or{' '}
          <Link to={paths.branches} className="font-semibold underline">
            visit a branch
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
