import { moneyToCents, type Insights } from '@larkspur/contract';
import { formatMoney } from '@/components/ui/money';
import { formatUtcDay } from '@/lib/format-date';

/**
 * The chart's data. Each point keeps the API's exact amount (`balance`, shown in tooltips and the
 * table) beside a `value` in dollars that only positions the line: turning money into a float
 * is acceptable for pixels, never for a number a person reads.
 */
export interface BalancePoint {
  date: string;
  label: string;
  balance: string;
  value: number;
}

export interface TypeTotal {
  type: string;
  moneyIn: string;
  moneyOut: string;
  inValue: number;
  outValue: number;
  count: number;
}

const toChartValue = (amount: string) => Number(amount);

export function balancePoints(series: Insights['balanceSeries']): BalancePoint[] {
  return series.map((point) => ({
    date: point.date,
    label: formatUtcDay(point.date),
    balance: point.balance,
    value: toChartValue(point.balance),
  }));
}

export function typeTotals(byType: Insights['byType']): TypeTotal[] {
  return byType.map((row) => ({
    ...row,
    inValue: toChartValue(row.moneyIn),
    outValue: toChartValue(row.moneyOut),
  }));
}

/** True when the period has any movement to draw (a new account has a flat line of zeros). */
export function hasActivity(insights: Pick<Insights, 'byType'>): boolean {
  return insights.byType.some((row) => row.count > 0);
}

/** One sentence a screen reader hears instead of the line: where it started, ended, and its range. */
export function balanceSummary(points: readonly BalancePoint[], currency: string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No balance history yet.';
  // One day of history (an account opened today): no "from … to …" of a day to itself.
  if (points.length === 1)
    return `Your balance at the end of ${first.label}: ${formatMoney(first.balance, currency)}.`;
  let low = first;
  let high = first;
  for (const point of points) {
    if (moneyToCents(point.balance) < moneyToCents(low.balance)) low = point;
    if (moneyToCents(point.balance) > moneyToCents(high.balance)) high = point;
  }
  const money = (amount: string) => formatMoney(amount, currency);
  return `Your balance went from ${money(first.balance)} on ${first.label} to ${money(last.balance)} on ${last.label}; lowest ${money(low.balance)} (${low.label}), highest ${money(high.balance)} (${high.label}).`;
}

/** "$1.2K" on an axis: short, because the exact amounts are in the tooltip and the table. */
const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
export function axisMoney(value: number): string {
  return compactUsd.format(value);
}
