import { Link } from 'react-router';
import { ListIcon } from '@/components/ui/banking-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ArrowRightIcon } from '@/components/ui/icons';
import { HoldBadge } from '@/components/ui/hold-badge';
import { SignedMoney } from '@/components/ui/signed-money';
import { SkeletonRows } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { describeRecord } from '@/lib/transaction-record';
import { useRecentTransactions } from '../api/get-recent-transactions';

/** The five newest records, each opening its receipt on the transactions screen. */
export function RecentActivity() {
  const recent = useRecentTransactions();
  const records = recent.data?.items ?? [];
  return (
    <section
      aria-labelledby="recent-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        <Link
          to={paths.userTransactions}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          See all transactions
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      {recent.isPending ? (
        <SkeletonRows label="Loading your recent activity…" rows={3} />
      ) : recent.isError ? (
        <ErrorState
          title="We could not load your recent activity"
          message={recent.error.message}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      ) : records.length === 0 ? (
        <EmptyState icon={ListIcon} title="No transactions yet">
          Money you send, receive or deposit will show up here.
        </EmptyState>
      ) : (
        <ul className="-mx-2 divide-y divide-slate-100">
          {records.map((record) => (
            <li key={record.id}>
              <Link
                to={`${paths.userTransactions}?id=${record.id}`}
                className="flex items-start justify-between gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{describeRecord(record)}</span>
                  <span className="block text-sm text-slate-600">
                    {record.type} · {formatDateTime(record.createdAt)}
                  </span>
                  <HoldBadge hold={record.hold} className="mt-1 block" />
                </span>
                <SignedMoney
                  amount={record.amount}
                  currency={record.currency}
                  direction={record.direction}
                  className="shrink-0"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
