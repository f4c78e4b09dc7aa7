import { Link } from 'react-router';
import { ArrowRightIcon, ClockIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { SkeletonRows } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useUpcomingPayments, type UpcomingPayment } from '../api/get-upcoming-payments';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOW: Record<UpcomingPayment['frequency'], string> = {
  once: 'Once',
  weekly: 'Every week',
  monthly: 'Every month',
};

/** "2027-01-31" → "Jan 31, 2027": the bank's calendar day, never shifted by a time zone. */
function day(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** The next scheduled payments (issue 18), soonest first, on the overview. */
export function UpcomingPayments({ currency }: { currency: string }) {
  const upcoming = useUpcomingPayments();
  const items = upcoming.data ?? [];
  return (
    <section
      aria-labelledby="upcoming-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="upcoming-payments"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">
          Upcoming payments
        </h2>
        <Link
          to={paths.userScheduled}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          See scheduled payments
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      {upcoming.isPending ? (
        <SkeletonRows label="Loading your upcoming payments…" rows={2} />
      ) : upcoming.isError ? (
        <ErrorState
          title="We could not load your upcoming payments"
          message={upcoming.error.message}
          onRetry={() => void upcoming.refetch()}
          retrying={upcoming.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={ClockIcon} title="No upcoming payments">
          Schedule one in Send money: on a date, or every week or month.
        </EmptyState>
      ) : (
        <ul className="-mx-2 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 px-2 py-3">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{item.recipientName}</span>
                <span className="block text-sm text-slate-600">
                  {day(item.nextRunOn)} · {HOW[item.frequency]}
                </span>
              </span>
              <span className="shrink-0 font-semibold text-slate-900">
                <Money amount={item.amount} currency={currency} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
