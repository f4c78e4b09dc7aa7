// The zod-free module: any page may show money without downloading zod (decision 0011).
import { WIRE_AMOUNT_PATTERN } from '@larkspur/contract/amounts';
import { formatUsdAmount } from '@/lib/format-money';

/** What a malformed amount shows instead of a wrong number. */
const UNREADABLE_AMOUNT = '—';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * The one way to show money: the API's two-decimal string ("1234.50") formatted as currency.
 * Intl.NumberFormat reads the string as an exact decimal, so no amount ever passes through a
 * floating-point number (DESIGN §2) — not even on the way to the screen.
 */
export function formatMoney(amount: string, currency: string): string {
  if (!WIRE_AMOUNT_PATTERN.test(amount)) return UNREADABLE_AMOUNT;
  // US dollars, the bank's currency, by hand: the first Intl formatter loads ICU's locale data, a
  // long task on a phone at the customer overview's first render (lib/format-money.ts, decision
  // 0015). money.test.tsx holds it to Intl's output.
  if (currency === 'USD') return formatUsdAmount(amount);
  try {
    return formatterFor(currency).format(amount as Intl.StringNumericLiteral);
  } catch {
    // An unknown currency code: still show the amount, with the code beside it.
    return `${amount} ${currency}`;
  }
}

export function Money({
  amount,
  currency,
  className,
}: {
  amount: string;
  currency: string;
  className?: string;
}) {
  return (
    <span className={['tabular-nums', className].filter(Boolean).join(' ')}>
      {formatMoney(amount, currency)}
    </span>
  );
}
