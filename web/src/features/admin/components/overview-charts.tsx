import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Recharts is large: this module is imported lazily by the overview, once its data is on screen.
// The chart is a picture of the table beside it, so it is hidden from assistive technology and
// not focusable (`accessibilityLayer={false}`); the table carries the exact figures.
const AXIS_TICK = { fontSize: 12, fill: 'var(--color-slate-600)' } as const;
const GRID_STROKE = 'var(--color-slate-200)';
const TODAY_FILL = 'var(--color-brand-700)';
const WEEK_FILL = 'var(--color-slate-500)';
const TYPE_ROW_PX = 52;
const CHART_EXTRA_PX = 60;

export interface VolumeBar {
  type: string;
  /** Dollars as a float: for bar lengths only. Every figure a person reads comes from the table. */
  todayValue: number;
  weekValue: number;
}

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Money moved per record type, today against the last seven days, as horizontal bars. */
export function VolumeChart({ bars }: { bars: readonly VolumeBar[] }) {
  return (
    <div aria-hidden="true" className="w-full" data-testid="volume-chart">
      <ResponsiveContainer width="100%" height={bars.length * TYPE_ROW_PX + CHART_EXTRA_PX}>
        <BarChart
          data={[...bars]}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
          barGap={2}
        >
          <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
          <XAxis
            type="number"
            tickFormatter={(value: number) => compactMoney.format(value)}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            type="category"
            dataKey="type"
            tickFormatter={(type: string) => type.replace(/ Transfer$/, '')}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={100}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-slate-100)' }}
            formatter={(value) => (typeof value === 'number' ? compactMoney.format(value) : String(value))}
          />
          <Legend
            verticalAlign="top"
            height={28}
            formatter={(value: string) => <span className="text-sm text-slate-800">{value}</span>}
          />
          <Bar
            dataKey="todayValue"
            name="Today"
            fill={TODAY_FILL}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="weekValue"
            name="Last 7 days"
            fill={WEEK_FILL}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
