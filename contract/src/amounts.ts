/**
 * Money is integer cents (`bigint`) everywhere below the API and a two-decimal string on the
 * wire ("1234.50"). Nothing here ever touches a floating-point number.
 *
 * The zod-free half of money: parsing and formatting amounts. It lives apart from the schemas in
 * money.ts (which re-exports all of it) so that code needing only these functions — the web's loan
 * calculator — does not bring zod with it (docs/decisions/0011-first-chunk-budget.md).
 */

/** The largest single amount any operation accepts: $10,000,000.00. */
export const AMOUNT_MAX_CENTS = 1_000_000_000n;
/** Longest amount string we read before rejecting it outright (guards the regex and BigInt). */
export const AMOUNT_INPUT_LENGTH_MAX = 20;

export const CURRENCY = 'USD';

/** A money value as the API sends it: exactly two decimals, optionally negative ("-1234.50"). */
export const WIRE_AMOUNT_PATTERN = /^-?\d+\.\d{2}$/;

// Digits, optionally a point and one or two more digits. No sign, no exponent, no grouping.
const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Parses a customer-typed amount ("12", "12.3", "12.30") into cents. Returns null for anything
 * else: "", "-5", "1e3", "12.345", "NaN", " 12", "1,000". Leading zeros are tolerated ("012.50").
 */
export function parseAmountToCents(input: string): bigint | null {
  if (input.length === 0 || input.length > AMOUNT_INPUT_LENGTH_MAX) return null;
  const match = AMOUNT_PATTERN.exec(input);
  if (match === null) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * 100n + BigInt(fraction);
}

/** Formats cents as the wire string: -1234n → "-12.34", 5n → "0.05". */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Reads a wire money string ("-12.34", always two decimals) back into cents (for clients doing arithmetic, e.g. a new balance). */
export function moneyToCents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? value.slice(1) : value).split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction);
  return negative ? -cents : cents;
}
