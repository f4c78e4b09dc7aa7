import { Money } from './money';

export type MoneyDirection = 'credit' | 'debit';

/**
 * An amount that came in or went out: the sign, the amount (through the one Money component) and
 * the word Credit or Debit, so the direction never rests on colour alone (WCAG 1.4.1).
 */
export function SignedMoney({
  amount,
  currency,
  direction,
  className = '',
  layout = 'stacked',
}: {
  /** The unsigned amount, as the API sends it ("12.50"). */
  amount: string;
  currency: string;
  direction: MoneyDirection;
  className?: string;
  /** `stacked`: the word under the amount (tables, lists); `inline`: beside it. */
  layout?: 'stacked' | 'inline';
}) {
  const credit = direction === 'credit';
  return (
    <span
      className={`inline-flex ${layout === 'stacked' ? 'flex-col items-end' : 'items-baseline gap-2'} ${className}`}
    >
      <span className={`font-semibold whitespace-nowrap ${credit ? 'text-emerald-800' : 'text-slate-900'}`}>
        {/* U+2212 MINUS SIGN: read as "minus", and as wide as the plus. */}
        <span aria-hidden="true">{credit ? '+' : '\u2212'}</span>
        <span className="sr-only">{credit ? 'plus ' : 'minus '}</span>
        <Money amount={amount} currency={currency} />
      </span>
      <span className="text-xs font-medium text-slate-600">{credit ? 'Credit' : 'Debit'}</span>
    </span>
  );
}
