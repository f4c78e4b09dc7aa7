import { formatCents } from '@larkspur/contract';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * Cents → "$1,234.56". The amount reaches Intl as an exact decimal string, never as a float, so
 * no amount is ever rounded on its way to the screen.
 */
export function formatMoney(cents: bigint): string {
  return usd.format(formatCents(cents) as `${number}`);
}

/** Whole dollars for headline figures ("$25,000"); only for amounts without cents. */
export function formatWholeDollars(cents: bigint): string {
  return usdWhole.format((cents / 100n).toString() as `${number}`);
}
