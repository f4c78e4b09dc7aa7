import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ClockIcon, PhoneIcon, PinIcon } from '@/components/ui/icons';
import { SearchBox } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageHero } from '../components/page-hero';
import { BRANCH_QUERY_LENGTH_MAX, branches, filterBranches } from '../content/branches';
import { plural, pluralWord } from '@/lib/plural';

export function BranchesPage() {
  usePageMeta({
    title: 'Find a Branch',
    description:
      'Find a Larkspur Bank branch near you by city or ZIP code, with addresses, opening hours, phone numbers and services.',
  });
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = filterBranches(branches, deferred);

  return (
    <main id="main">
      <PageHero
        eyebrow="Support"
        title="Find a branch"
        lead="Visit us to open an account, meet a mortgage or investment advisor, or get help in person. Every branch has a 24-hour ATM."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
        <form role="search" aria-label="Branches" onSubmit={(e) => e.preventDefault()} className="max-w-xl">
          <SearchBox
            label="City or ZIP code"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            maxLength={BRANCH_QUERY_LENGTH_MAX}
            autoComplete="postal-code"
            placeholder="e.g. Portland or 97214"
          />
        </form>
        <p role="status" className="mt-4 text-sm text-slate-700">
          {results.length === branches.length
            ? `Showing all ${plural(branches.length, 'branch', 'branches')}`
            : `${results.length} of ${plural(branches.length, 'branch', 'branches')} ${pluralWord(results.length, 'matches', 'match')} “${deferred.trim()}”`}
        </p>

        {results.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-semibold text-slate-900">No branch there yet</h2>
            <p className="mt-2 text-slate-700">
              Try a nearby city, or bank with us online and by phone from anywhere —{' '}
              <Link to={paths.contact} className="font-medium text-brand-700 underline underline-offset-2">
                contact us
              </Link>
              .
            </p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label="Branches">
            {results.map((branch) => (
              <li
                key={branch.name}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <h2 className="text-lg font-semibold text-slate-900">{branch.name}</h2>
                <address className="mt-3 flex gap-3 text-slate-700 not-italic">
                  <PinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>
                    {branch.street}
                    <br />
                    {branch.city}, {branch.state} {branch.zip}
                  </span>
                </address>
                <p className="mt-3 flex gap-3 text-slate-700">
                  <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <a
                    href={`tel:${branch.phone.replace(/[^\d]/g, '')}`}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {branch.phone}
                  </a>
                </p>
                <div className="mt-3 flex gap-3 text-slate-700">
                  <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                    {branch.hours.map((h) => (
                      <div key={h.days} className="contents">
                        <dt className="font-medium text-slate-900">{h.days}</dt>
                        <dd className="whitespace-nowrap">{h.time}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
                <h3 className="sr-only">Services</h3>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {branch.services.map((service) => (
                    <li
                      key={service}
                      className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800"
                    >
                      {service}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-8 text-sm text-slate-600">
          Branch hours may change on public holidays. Branch locations are illustrative examples in this
          open-source edition of Larkspur Bank.
        </p>
      </div>
    </main>
  );
}
