/**
 * Deposit interest in exact integers (issue 30, decision 0222): the one home of the rule. A rate is
 * an annual percentage with at most four decimals, kept as an integer of ten-thousandths of a
 * percent ("4.25" → 42500n). A day's interest on `b` cents at rate `r` is b·r / (100 · 10000 · 365)
 * cents (actual/365); we keep its numerator b·r — an exact integer — as the day's accrual in
 * *units*, so one cent is INTEREST_UNITS_PER_CENT units. A posting pays the whole cents accrued and
 * carries the rest (under one cent) into the next period: postings plus the carry always equal the
 * accruals, to the unit. Nothing is lost or invented to rounding, however many days or rate changes.
 */

/** Decimal places of a rate in percent: 4.2500 %. */
export const INTEREST_RATE_DECIMALS = 4;
const RATE_SCALE = 10n ** BigInt(INTEREST_RATE_DECIMALS);
/** Days in the interest year: actual/365, the US convention for savings (a leap day earns 1/365 too). */
export const INTEREST_DAYS_IN_YEAR = 365n;
/** Units in one cent: 100 (percent) × 10,000 (rate scale) × 365 (days). */
export const INTEREST_UNITS_PER_CENT = 100n * RATE_SCALE * INTEREST_DAYS_IN_YEAR;
/** The highest annual rate staff may post, in percent; a typo of 425 for 4.25 is refused. */
export const INTEREST_RATE_PERCENT_MAX = 25;
export const INTEREST_RATE_SCALED_MAX = BigInt(INTEREST_RATE_PERCENT_MAX) * RATE_SCALE;
/** Longest rate string accepted on the wire ("25.0000"). */
export const INTEREST_RATE_INPUT_LENGTH_MAX = 8;

/** "4.25" → 42500n; null for anything but a non-negative decimal with at most four places, up to the maximum. */
export function parseInterestRate(text: string): bigint | null {
  if (text.length > INTEREST_RATE_INPUT_LENGTH_MAX) return null;
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  const scaled =
    BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(INTEREST_RATE_DECIMALS, '0'));
  return scaled <= INTEREST_RATE_SCALED_MAX ? scaled : null;
}

/** 42500n → "4.25", 42125n → "4.2125", 0n → "0.00": at least two decimals, no trailing zeros past them. */
export function formatInterestRate(scaled: bigint): string {
  if (scaled < 0n) throw new RangeError('A rate is never negative');
  const whole = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE)
    .toString()
    .padStart(INTEREST_RATE_DECIMALS, '0')
    .replace(/0{1,2}$/, '');
  return `${whole.toString()}.${fraction.length >= 2 ? fraction : fraction.padEnd(2, '0')}`;
}

/** One day's accrual in units on an end-of-day balance; a balance at or below zero earns nothing. */
export function dailyAccrualUnits(balanceCents: bigint, rateScaled: bigint): bigint {
  if (rateScaled < 0n) throw new RangeError('A rate is never negative');
  return balanceCents > 0n ? balanceCents * rateScaled : 0n;
}

/** The whole cents in an accrual so far, and the units left over (always under one cent). */
export function splitAccrual(units: bigint): { cents: bigint; carryUnits: bigint } {
  if (units < 0n) throw new RangeError('Accrued interest is never negative');
  return { cents: units / INTEREST_UNITS_PER_CENT, carryUnits: units % INTEREST_UNITS_PER_CENT };
}

/** One day of an account's interest: its end-of-day balance, the rate in force, and whether the period ends. */
export interface InterestDay {
  balanceCents: bigint;
  rateScaled: bigint;
  /** The day is the last of a posting period (a month's last day): the whole cents accrued are paid. */
  postsAfter: boolean;
}

/**
 * Runs days of accrual and posting as the close of business does, one account: the cents posted at
 * each period end, and the units still carried at the end. The reference the SQL close is tested
 * against.
 */
export function runInterest(
  days: readonly InterestDay[],
  carryUnits = 0n,
): { postings: bigint[]; carryUnits: bigint } {
  const postings: bigint[] = [];
  let accrued = carryUnits;
  for (const day of days) {
    accrued += dailyAccrualUnits(day.balanceCents, day.rateScaled);
    if (day.postsAfter) {
      const { cents, carryUnits: rest } = splitAccrual(accrued);
      postings.push(cents);
      accrued = rest;
    }
  }
  return { postings, carryUnits: accrued };
}
