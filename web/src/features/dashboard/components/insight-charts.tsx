import { useId } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { formatMoney } from '@/components/ui/money';
import { axisMoney, type BalancePoint, type TypeTotal } from './insight-data';

// Recharts is ~100 KB gzipped: this module is only ever imported lazily (insights-panel.tsx),
// once a chart is on screen. Colours: brand-700 line, emerald-700 in, brand-800/slate out.
const AXIS_TICK = { fontSize: 12, fill: 'var(--color-slate-600)' } as const;
const GRID_STROKE = 'var(--color-slate-200)';
const BRAND_LINE = 'var(--color-brand-700)';
const MONEY_IN = 'var(--color-emerald-700)';
const MONEY_OUT = 'var(--color-slate-500)';

function TooltipBox({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
      <p className="font-semibold text-slate-900">{title}</p>
      {lines.map((line) => (
        <p key={line} className="text-slate-700 tabular-nums">
          {line}
        </p>
      ))}
    </div>
  );
}

/**
 * The end-of-day balance as an area chart. Hidden from assistive technology (and not focusable):
 * the panel around it gives the same information as a sentence and as a table.
 */
export function BalanceChart({ points, currency }: { points: BalancePoint[]; currency: string }) {
  const gradientId = useId();
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const point = payload?.[0]?.payload as BalancePoint | undefined;
    if (!active || !point) return null;
    return <TooltipBox title={point.label} lines={[`Balance ${formatMoney(point.balance, currency)}`]} />;
  };
  return (
    <div aria-hidden="true" className="h-60 w-full" data-testid="balance-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={BRAND_LINE} stopOpacity={0.25} />
              <stop offset="100%" stopColor={BRAND_LINE} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke={GRID_STROKE} />
          <XAxis
            dataKey="label"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
            minTickGap={28}
          />
          <YAxis tickFormatter={axisMoney} tick={AXIS_TICK} tickLine={false} axisLine={false} width={64} />
          <Tooltip content={renderTooltip} />
          <Area
            type="monotone"
            dataKey="value"
            stroke={BRAND_LINE}
            strokeWidth={2}
            fill={`url(#${gradientId})`}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** "International Transfer" → "International": the axis has little room; the table has the full name. */
function shortType(type: string): string {
  return type.replace(/ Transfer$/, '');
}

/** Height of one type's pair of bars, so the chart grows with the number of types. */
const TYPE_ROW_PX = 48;
const TYPE_CHART_EXTRA_PX = 56;

/**
 * Money in and out per record type, as horizontal bars (type names read across, even on a phone).
 * Same accessibility as the balance chart.
 */
export function MoneyByTypeChart({ totals, currency }: { totals: TypeTotal[]; currency: string }) {
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const row = payload?.[0]?.payload as TypeTotal | undefined;
    if (!active || !row) return null;
    return (
      <TooltipBox
        title={row.type}
        lines={[`In ${formatMoney(row.moneyIn, currency)}`, `Out ${formatMoney(row.moneyOut, currency)}`]}
      />
    );
  };
  return (
    <div aria-hidden="true" className="w-full" data-testid="type-chart">
      <ResponsiveContainer width="100%" height={totals.length * TYPE_ROW_PX + TYPE_CHART_EXTRA_PX}>
        <BarChart
          data={totals}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
          barGap={2}
        >
          <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
          <XAxis type="number" tickFormatter={axisMoney} tick={AXIS_TICK} tickLine={false} axisLine={false} />
          <YAxis
            type="category"
            dataKey="type"
            tickFormatter={shortType}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={92}
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'var(--color-slate-100)' }} />
          <Legend verticalAlign="top" height={28} />
          <Bar
            dataKey="inValue"
            name="Money in"
            fill={MONEY_IN}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="outValue"
            name="Money out"
            fill={MONEY_OUT}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
