import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { INSIGHT_PERIOD_DAYS, type Insights } from '@larkspur/contract';
import { ChartIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Money } from '@/components/ui/money';
import { Skeleton, Loading } from '@/components/ui/skeleton';
import { useInsights, type InsightPeriod } from '../api/get-insights';
import { balancePoints, balanceSummary, hasActivity, typeTotals } from './insight-data';
import { useInView } from './use-in-view';
import { plural } from '@/lib/plural';

// One chunk for both charts (with Recharts), fetched only when a chart is about to be shown.
const loadCharts = () => import('./insight-charts');
const BalanceChart = lazy(() => loadCharts().then((module) => ({ default: module.BalanceChart })));
const MoneyByTypeChart = lazy(() => loadCharts().then((module) => ({ default: module.MoneyByTypeChart })));

const CHART_HEIGHT_CLASS = 'h-60';

/**
 * One chart with its text alternative: a sentence that sums it up, and a "Show as table" switch
 * that swaps the drawing for the same numbers in a table (WCAG 1.1.1).
 */
function ChartCard({
  id,
  title,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {title}
        </h3>
        {/* The label says what pressing does (not a pressed state), so it changes with the view. */}
        <button
          type="button"
          onClick={() => setAsTable((value) => !value)}
          className="min-h-9 rounded-md px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      <figcaption className="mt-1 text-sm text-slate-700">{summary}</figcaption>
      <div className="mt-3">{asTable ? table : chart}</div>
    </figure>
  );
}

function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Focusable so a keyboard can scroll it (a 90-day table is long).
    <div role="region" aria-label={label} tabIndex={0} className="max-h-60 overflow-y-auto rounded-lg">
      <table className="w-full text-left text-sm">{children}</table>
    </div>
  );
}

function BalanceTable({ insights, currency }: { insights: Insights; currency: string }) {
  const points = balancePoints(insights.balanceSeries);
  return (
    <ScrollTable label="Balance by day">
      <thead className="sticky top-0 bg-white text-slate-700">
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            Day
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            End-of-day balance
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {[...points].reverse().map((point) => (
          <tr key={point.date}>
            <td className="py-1.5 pr-3 text-slate-800">{point.label}</td>
            <td className="py-1.5 text-right">
              <Money amount={point.balance} currency={currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function TypeTable({ insights, currency }: { insights: Insights; currency: string }) {
  return (
    <ScrollTable label="Money in and out by type">
      <thead className="sticky top-0 bg-white text-slate-700">
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            Type
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
            Money in
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            Money out
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {insights.byType.map((row) => (
          <tr key={row.type}>
            <td className="py-1.5 pr-3 text-slate-800">{row.type}</td>
            <td className="py-1.5 pr-3 text-right">
              <Money amount={row.moneyIn} currency={currency} />
            </td>
            <td className="py-1.5 text-right">
              <Money amount={row.moneyOut} currency={currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

const chartFallback = (
  <Loading label="Loading the chart…">
    <Skeleton className={CHART_HEIGHT_CLASS} />
  </Loading>
);

/** The overview's charts: balance over 30 or 90 days, and money in and out by type. */
export function InsightsPanel({ currency }: { currency: string }) {
  const [days, setDays] = useState<InsightPeriod>(INSIGHT_PERIOD_DAYS[0]);
  const insights = useInsights(days);
  const sectionRef = useRef<HTMLElement>(null);
  const inView = useInView(sectionRef);
  const data = insights.data;

  let body: ReactNode;
  if (insights.isPending) {
    body = (
      <Loading label="Loading your charts…">
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </Loading>
    );
  } else if (insights.isError) {
    body = (
      <ErrorState
        title="We could not load your charts"
        message={insights.error.message}
        onRetry={() => void insights.refetch()}
        retrying={insights.isFetching}
      />
    );
  } else if (!hasActivity(insights.data)) {
    body = (
      <EmptyState icon={ChartIcon} title="Nothing to chart yet">
        Your balance and spending appear here once money moves in or out of your account.
      </EmptyState>
    );
  } else {
    const points = balancePoints(insights.data.balanceSeries);
    const totals = typeTotals(insights.data.byType);
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="balance-chart"
          // A newer account's line starts on its opening day (issue 28): the title says so.
          title={
            points.length < days && points[0]
              ? `Balance since ${points[0].label}`
              : `Balance, last ${days} days`
          }
          summary={balanceSummary(points, currency)}
          chart={
            inView ? (
              <Suspense fallback={chartFallback}>
                <BalanceChart points={points} currency={currency} />
              </Suspense>
            ) : (
              chartFallback
            )
          }
          table={<BalanceTable insights={insights.data} currency={currency} />}
        />
        <ChartCard
          id="type-chart"
          title={`Money in and out by type, last ${days} days`}
          summary={`${plural(totals.length, 'type')} of transaction in this period.`}
          chart={
            inView ? (
              <Suspense fallback={chartFallback}>
                <MoneyByTypeChart totals={totals} currency={currency} />
              </Suspense>
            ) : (
              chartFallback
            )
          }
          table={<TypeTable insights={insights.data} currency={currency} />}
        />
      </div>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby="insights-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="insights-heading" className="text-lg font-semibold text-slate-900">
          Your money over time
        </h2>
        <div role="group" aria-label="Period" className="inline-flex rounded-lg bg-slate-100 p-1">
          {INSIGHT_PERIOD_DAYS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={`min-h-9 rounded-md px-3 text-sm font-semibold ${
                days === period ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {period} days
            </button>
          ))}
        </div>
      </div>
      {data && insights.isPlaceholderData ? (
        <p role="status" className="sr-only">
          Loading the last {days} days…
        </p>
      ) : null}
      {body}
    </section>
  );
}
