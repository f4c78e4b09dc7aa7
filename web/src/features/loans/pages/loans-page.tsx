import { useRef } from 'react';
import { LoanIcon } from '@/components/ui/banking-icons';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useMe } from '@/lib/me';
import { usePageMeta } from '@/lib/page-meta';
import { useLoans } from '../api/get-loans';
import { LoanApplicationForm } from '../components/loan-application-form';
import { LoanCard } from '../components/loan-card';

/** /user/dashboard/loans: the customer's applications with their history, and a new application. */
export function LoansPage() {
  usePageMeta({
    title: 'Loans',
    description: 'Your Larkspur Bank loan applications, and a new application with an illustrative estimate.',
  });
  const loans = useLoans();
  const currency = useMe().data?.currency ?? 'USD';
  const items = loans.data?.pages.flatMap((page) => page.items) ?? [];
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  return (
    <Page
      title="Loans"
      intro="Your applications and where they stand."
      actions={
        <a href="#apply" className={buttonClasses('primary')}>
          Apply for a loan
        </a>
      }
    >
      <div className="mt-6 grid gap-6 lg:grid-cols-5 lg:items-start">
        <section aria-labelledby="applications-heading" className="space-y-4 lg:col-span-3">
          <h2
            id="applications-heading"
            ref={listHeadingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 outline-none"
          >
            Your applications
          </h2>
          {loans.isPending ? (
            <SkeletonRows label="Loading your applications…" rows={2} />
          ) : loans.isError && items.length === 0 ? (
            <ErrorState
              title="We could not load your applications"
              message={loans.error.message}
              onRetry={() => void loans.refetch()}
              retrying={loans.isFetching}
            />
          ) : items.length === 0 ? (
            <EmptyState icon={LoanIcon} title="No applications yet">
              Apply with the form on this page: you will see an illustrative monthly payment as you type.
            </EmptyState>
          ) : (
            <>
              <ul className="space-y-4">
                {items.map((loan) => (
                  <LoanCard key={loan.id} loan={loan} currency={currency} />
                ))}
              </ul>
              {loans.hasNextPage ? (
                <LoadMore
                  shown={items.length}
                  noun={['application', 'applications']}
                  hasMore={loans.hasNextPage}
                  loading={loans.isFetchingNextPage}
                  onLoadMore={() => void loans.fetchNextPage()}
                />
              ) : null}
            </>
          )}
        </section>

        <section
          id="apply"
          aria-labelledby="apply-heading"
          className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 id="apply-heading" className="text-lg font-semibold text-slate-900">
            Apply for a loan
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-700">
            Tell us what you need. Every application is reviewed by our lending team, and you follow it here.
          </p>
          <LoanApplicationForm currency={currency} onApplied={() => listHeadingRef.current?.focus()} />
        </section>
      </div>
    </Page>
  );
}
