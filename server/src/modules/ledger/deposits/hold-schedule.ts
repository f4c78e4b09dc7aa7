import type { HoldTranche } from '../../../db/schema/index';

/**
 * When a check deposit's money becomes available (decision 0070), on the model of Regulation CC:
 * the first part the next business day, the rest after two, and longer for new accounts and for
 * the part of a large deposit. Business days are Monday to Friday counted in UTC; US federal
 * holidays are not skipped (decision 0070 says why). Money is released at the start (00:00 UTC)
 * of the business day it becomes available.
 */

/** Available the next business day: the first $225.00 of a deposit (Reg CC §229.10(c)(1)(vii)). */
export const HOLD_NEXT_DAY_CENTS = 22_500n;
export const HOLD_NEXT_DAY_BUSINESS_DAYS = 1;
/** The rest, up to the large-deposit threshold, after two business days. */
export const HOLD_STANDARD_BUSINESS_DAYS = 2;
/** The part of a deposit over $5,525.00 (Reg CC's large-deposit exception) waits longer. */
export const HOLD_LARGE_DEPOSIT_THRESHOLD_CENTS = 552_500n;
/** The extended hold: large parts, and whole deposits into new accounts. */
export const HOLD_EXTENDED_BUSINESS_DAYS = 7;
/** An account younger than this is new (Reg CC's 30 calendar days): its deposits get the extended hold. */
export const HOLD_NEW_ACCOUNT_DAYS = 30;

const DAY_MS = 86_400_000;

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/** 00:00 UTC of the `count`-th business day after `from`'s UTC date (the deposit day counts as 0). */
export function addBusinessDays(from: Date, count: number): Date {
  let at = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  let left = count;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(new Date(at))) left -= 1;
  }
  return new Date(at);
}

/**
 * The release schedule of a deposit of `amountCents` made at `at` into an account opened at
 * `accountOpenedAt`: tranches in time order, each with a positive amount, adding up to the deposit.
 */
export function holdSchedule(amountCents: bigint, at: Date, accountOpenedAt: Date): HoldTranche[] {
  const tranche = (days: number, cents: bigint): HoldTranche => ({
    at: addBusinessDays(at, days).toISOString(),
    cents: cents.toString(),
  });
  if (at.getTime() - accountOpenedAt.getTime() < HOLD_NEW_ACCOUNT_DAYS * DAY_MS) {
    return [tranche(HOLD_EXTENDED_BUSINESS_DAYS, amountCents)];
  }
  const first = amountCents < HOLD_NEXT_DAY_CENTS ? amountCents : HOLD_NEXT_DAY_CENTS;
  const upToLarge =
    amountCents < HOLD_LARGE_DEPOSIT_THRESHOLD_CENTS ? amountCents : HOLD_LARGE_DEPOSIT_THRESHOLD_CENTS;
  const parts: HoldTranche[] = [tranche(HOLD_NEXT_DAY_BUSINESS_DAYS, first)];
  if (upToLarge > first) parts.push(tranche(HOLD_STANDARD_BUSINESS_DAYS, upToLarge - first));
  if (amountCents > upToLarge) parts.push(tranche(HOLD_EXTENDED_BUSINESS_DAYS, amountCents - upToLarge));
  return parts;
}

/** How much of the schedule is due by `now` (cumulative cents). */
export function dueCents(schedule: HoldTranche[], now: Date): bigint {
  let due = 0n;
  for (const part of schedule) if (new Date(part.at).getTime() <= now.getTime()) due += BigInt(part.cents);
  return due;
}

/** The next tranche still in the future at `now`, or null when every tranche is due. */
export function nextReleaseAfter(schedule: HoldTranche[], now: Date): Date | null {
  for (const part of schedule) {
    const at = new Date(part.at);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

/** When the whole deposit is available on schedule: its last tranche. */
export function fullyAvailableAt(schedule: HoldTranche[]): Date {
  const last = schedule[schedule.length - 1];
  if (!last) throw new Error('Assertion failed: a schedule has at least one tranche');
  return new Date(last.at);
}
