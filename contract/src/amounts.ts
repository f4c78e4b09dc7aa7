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

/** Longest text a person may type into an amount field ("$10,000,000.00" with room for spaces). */
export const TYPED_AMOUNT_LENGTH_MAX = 24;

// What people type: an optional "$", digits either plain or grouped in threes by commas or spaces
// (one kind of separator per amount), then optionally a point and one or two more digits.
const TYPED_AMOUNT_PATTERN = /^\$?\s?(\d{1,12}|\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+)(?:\.(\d{1,2}))?$/;
// Non-breaking and thin spaces (what a copied, locale-formatted "1 200" carries) read as spaces.
const SPACE_LIKE = /[\u00a0\u202f\u2009]/g;

/**
 * Parses what a person types into an amount field of the web app, more forgiving than the wire:
 * "12,000", "12,000.50", "1 200", "$12,000", " 5 " all read; "1,2,3", "12.345", "-5", "1e3" do
 * not. Only the web's fields use this; the client sends `normalizeTypedAmount`'s two-decimal
 * string and the server keeps its strict `parseAmountToCents`.
 */
export function parseTypedAmountToCents(input: string): bigint | null {
  if (input.length > TYPED_AMOUNT_LENGTH_MAX) return null;
  const text = input.replace(SPACE_LIKE, ' ').trim();
  const match = TYPED_AMOUNT_PATTERN.exec(text);
  if (match === null) return null;
  return parseAmountToCents(
    `${(match[1] ?? '').replace(/[, ]/g, '')}${match[2] === undefined ? '' : `.${match[2]}`}`,
  );
}

/** Why a typed amount cannot be sent, so a form can say so (issue 28: "amount errors say why"). */
export type TypedAmountProblem = 'empty' | 'decimals' | 'unreadable' | 'not-positive' | 'too-large';

/**
 * What is wrong with a typed amount, or null when it reads and is within (0, max]. The server keeps
 * its one message for all of these (product §8: "Invalid transfer amount."); a form adds the reason.
 */
export function typedAmountProblem(
  input: string,
  maxCents: bigint = AMOUNT_MAX_CENTS,
): TypedAmountProblem | null {
  const text = input.replace(SPACE_LIKE, ' ').trim();
  if (text === '') return 'empty';
  const cents = parseTypedAmountToCents(text);
  if (cents === null) {
    if (/^-/.test(text)) return 'not-positive';
    if (/^\$?\s?[\d, ]*\d\.\d{3,}$/.test(text)) return 'decimals';
    return 'unreadable';
  }
  if (cents <= 0n) return 'not-positive';
  return cents > maxCents ? 'too-large' : null;
}

/**
 * A typed amount as the wire wants it ("12,000" → "12000.00", "5" → "5.00"); text that does not
 * read as an amount comes back trimmed and unchanged, so the schema refuses it with its message.
 */
export function normalizeTypedAmount(input: string): string {
  const cents = parseTypedAmountToCents(input);
  return cents === null ? input.trim() : formatCents(cents);
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
