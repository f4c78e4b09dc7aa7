import { formatCents } from '@larkspur/contract';
import { Money } from '@/components/ui/money';

export interface SummaryRow {
  label: string;
  /** Cents; shown with the one Money component. */
  cents?: bigint;
  /** Or text, for what is not money. */
  text?: string;
  /** Show a + for positive amounts (changes, not balances). */
  signed?: boolean;
  emphasis?: boolean;
}

/** Figures of a confirmation, label left and value right: "Balance now", "Credit", "Balance after". */
export function MoneySummary({ rows, currency }: { rows: readonly SummaryRow[]; currency: string }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-baseline justify-between gap-4 px-3 py-2">
          <dt className="text-slate-700">{row.label}</dt>
          <dd
            className={`text-right ${row.emphasis ? 'text-base font-semibold text-slate-900' : 'font-medium text-slate-900'}`}
          >
            {row.cents !== undefined ? (
              <>
                {row.signed && row.cents > 0n ? '+' : ''}
                <Money amount={formatCents(row.cents)} currency={currency} />
              </>
            ) : (
              <span className="break-words">{row.text}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
