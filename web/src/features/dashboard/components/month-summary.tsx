import { ArrowDownLeftIcon, ArrowUpRightIcon } from '@/components/ui/banking-icons';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { utcMonthName } from '@/lib/format-date';
import { useInsights } from '../api/get-insights';

/** Money in and money out this calendar month (UTC, as the server counts it). */
export function MonthSummary({ currency }: { currency: string }) {
  // The month's totals come with every period; 30 days is the one the charts ask for first.
  const insights = useInsights(30);
  const month = utcMonthName(new Date());
  return (
    <section
      aria-labelledby="month-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="month-heading" className="text-lg font-semibold text-slate-900">
        This month
        <span className="sr-only"> ({month})</span>
      </h2>
      <p aria-hidden="true" className="text-sm text-slate-600">
        {month} so far
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-emerald-50 p-3">
          <dt className="flex items-center gap-1.5 text-sm font-medium text-emerald-900">
            <ArrowDownLeftIcon className="size-4" />
            Money in
          </dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 sm:text-xl">
            {insights.data ? (
              <Money amount={insights.data.monthIn} currency={currency} />
            ) : insights.isError ? (
              '—'
            ) : (
              <Skeleton className="h-7 w-24" />
            )}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-100 p-3">
          <dt className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
            <ArrowUpRightIcon className="size-4" />
            Money out
          </dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 sm:text-xl">
            {insights.data ? (
              <Money amount={insights.data.monthOut} currency={currency} />
            ) : insights.isError ? (
              '—'
            ) : (
              <Skeleton className="h-7 w-24" />
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
