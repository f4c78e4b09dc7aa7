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
 * Cents → "$1,234.56", negatives "-$1,234.56". The amount goes through its exact decimal string,
 * never a float, so no amount is ever rounded on its way to the screen.
 */
export function formatMoney(cents: bigint): string {
  const text = formatCents(cents);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}$${withCommas(whole)}.${fraction}`;
}

/** Whole dollars for headline figures ("$25,000"); only for amounts without cents. */
export function formatWholeDollars(cents: bigint): string {
  const dollars = cents / 100n;
  return `${dollars < 0n ? '-' : ''}$${withCommas((dollars < 0n ? -dollars : dollars).toString())}`;
}
