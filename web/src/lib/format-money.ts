import { formatCents } from '@larkspur/contract';

/**
 * Digits grouped by hand rather than by `Intl.NumberFormat`: the first Intl formatter a page
 * creates loads ICU's locale data, 15–20 ms of main thread at a loan page's first load (measured on
 * /loans/personal) for output that, for US dollars, is just a sign, "$", commas and the cents.
 * format-money.test.ts holds every result to what `Intl.NumberFormat('en-US', USD)` prints.
 */
function withCommas(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A two-decimal amount string ("-1234.50", the wire format) → "-$1,234.50". Digits only move, never
 * through a float, so no amount is ever rounded on its way to the screen.
 */
export function formatUsdAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const [digits = '0', fraction = '00'] = (negative ? amount.slice(1) : amount).split('.');
  const whole = digits.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}$${withCommas(whole)}.${fraction}`;
}

/** Cents → "$1,234.56", negatives "-$1,234.56". */
export function formatMoney(cents: bigint): string {
  return formatUsdAmount(formatCents(cents));
}

/** Whole dollars for headline figures ("$25,000"); only for amounts without cents. */
export function formatWholeDollars(cents: bigint): string {
  const dollars = cents / 100n;
  return `${dollars < 0n ? '-' : ''}$${withCommas((dollars < 0n ? -dollars : dollars).toString())}`;
}
