/**
 * The zod-free, package-free half of international transfers (issue 18, decision 0165): foreign
 * amounts as bigint minor units, the bank's posted rates as bigint scaled by 10^FX_RATE_DECIMALS,
 * and the one conversion with its rounding rule. Pages that only show a rate or an amount import
 * this (`@larkspur/contract/fx-math`) without the ISO lists or zod (decision 0011).
 */

// ---------------------------------------------------------------------------------------------
// Foreign amounts: bigint minor units of their currency.

/** Whole units a foreign amount may have: 12 digits, as a dollar amount. */
const FOREIGN_WHOLE_DIGITS_MAX = 12;
export const FOREIGN_AMOUNT_INPUT_LENGTH_MAX = 24;

/**
 * A foreign amount as typed ("1200", "1,200.5", "1 200,00" is not read) → minor units, or null:
 * digits with optional comma grouping, a point and at most the currency's minor digits.
 */
export function parseForeignAmount(input: string, digits: number): bigint | null {
  if (input.length > FOREIGN_AMOUNT_INPUT_LENGTH_MAX) return null;
  const text = input.replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
  const fraction = digits > 0 ? `(?:\\.(\\d{1,${digits}}))?` : '';
  const pattern = new RegExp(`^(\\d{1,${FOREIGN_WHOLE_DIGITS_MAX}}|\\d{1,3}(?:,\\d{3})+)${fraction}$`);
  const match = pattern.exec(text);
  if (!match) return null;
  const whole = BigInt((match[1] ?? '0').replaceAll(',', ''));
  const part = (match[2] ?? '').padEnd(digits, '0');
  return whole * 10n ** BigInt(digits) + (digits > 0 ? BigInt(part) : 0n);
}

/** Minor units → the wire string with exactly the currency's digits: 11078n, 2 → "110.78"; 15000n, 0 → "15000". */
export function formatForeignAmount(minor: bigint, digits: number): string {
  if (digits === 0) return minor.toString();
  const scale = 10n ** BigInt(digits);
  return `${(minor / scale).toString()}.${(minor % scale).toString().padStart(digits, '0')}`;
}

/** "€1,234.50", "¥15,000", "CA$162.00": the wire string in its currency, exactly (no float on the way). */
export function formatForeignMoney(amount: string, code: string, digits: number): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return format.format(amount as `${number}`);
}

// ---------------------------------------------------------------------------------------------
// The bank's posted rates: US dollars per one unit of the currency.

/** Decimal places of a rate: 8, so even a currency worth a hundredth of a cent keeps 4 significant digits. */
export const FX_RATE_DECIMALS = 8;
export const FX_RATE_SCALE = 10n ** BigInt(FX_RATE_DECIMALS);
/** The largest rate an admin may post: US$100,000 for one unit (no currency is near). */
export const FX_RATE_MAX_SCALED = 100_000n * FX_RATE_SCALE;
/** A rate is current for this long after it was posted; after that, transfers in it are refused. */
export const FX_RATE_MAX_AGE_DAYS = 3;
export const FX_RATE_MAX_AGE_MS = FX_RATE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
export const FX_RATE_INPUT_LENGTH_MAX = 20;

/** Up to 6 whole digits, then up to FX_RATE_DECIMALS (8) decimals. */
const RATE_PATTERN = /^(\d{1,6})(?:\.(\d{1,8}))?$/;

/** "1.0832" → 108320000n (scaled by 10^8); null for anything else, zero or above the maximum. */
export function parseRate(input: string): bigint | null {
  if (input.length > FX_RATE_INPUT_LENGTH_MAX) return null;
  const match = RATE_PATTERN.exec(input.trim());
  if (!match) return null;
  const scaled =
    BigInt(match[1] ?? '0') * FX_RATE_SCALE + BigInt((match[2] ?? '').padEnd(FX_RATE_DECIMALS, '0'));
  return scaled <= 0n || scaled > FX_RATE_MAX_SCALED ? null : scaled;
}

/** 108320000n → "1.08320000": the wire form, always 8 decimals. */
export function formatRate(scaled: bigint): string {
  return `${(scaled / FX_RATE_SCALE).toString()}.${(scaled % FX_RATE_SCALE).toString().padStart(FX_RATE_DECIMALS, '0')}`;
}

/** "1.08320000" → "1.0832": for people, trailing zeros dropped down to 4 decimals. */
export function displayRate(wire: string): string {
  return wire.replace(/(\.\d{4}\d*?)0+$/, '$1');
}

/**
 * US cents for a foreign amount at a rate: minor × rate × 100 / (10^digits × 10^8), rounded half
 * up to the cent (decision 0165). Integer arithmetic only.
 */
export function convertToUsdCents(minor: bigint, rateScaled: bigint, digits: number): bigint {
  const numerator = minor * rateScaled * 100n;
  const denominator = 10n ** BigInt(digits) * FX_RATE_SCALE;
  return (numerator * 2n + denominator) / (2n * denominator);
}

/** A rate is current when it was posted no more than FX_RATE_MAX_AGE_MS before `now`. */
export function isRateCurrent(postedAt: Date, now: Date): boolean {
  return now.getTime() - postedAt.getTime() <= FX_RATE_MAX_AGE_MS;
}
