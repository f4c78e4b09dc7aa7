/**
 * When a domestic wire to another bank is sent (issue 28 item 3, decision 0206). The money leaves
 * the customer's account at once; the bank sends the wire on the Fedwire business day: the same
 * day when it is made before the cut-off, else the next business day. Business days are Monday to
 * Friday except the Federal Reserve's holidays, in New York time, as Fedwire keeps them.
 */
export const WIRE_TIME_ZONE = 'America/New_York';
/** The customer cut-off, 5:00 pm New York time (Fedwire itself closes to customer wires at 6 pm). */
export const WIRE_CUTOFF_HOUR = 17;
export const WIRE_CUTOFF_LABEL = '5:00 pm ET';

const DAY_MS = 86_400_000;

/** The New York calendar date and minute of the day of an instant. */
function newYorkClock(at: Date): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: WIRE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The New York calendar date (YYYY-MM-DD) of an instant: the day Fedwire counts it on. */
export function newYorkDate(at: Date): string {
  return newYorkClock(at).date;
}

/** A calendar date (YYYY-MM-DD) as a UTC midnight, for calendar arithmetic only. */
function dayOf(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}
function iso(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The n-th given weekday (0 Sunday … 6 Saturday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return iso(new Date(Date.UTC(year, month, 1 + offset + (n - 1) * 7)));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return iso(new Date(Date.UTC(year, month + 1, -back)));
}

/**
 * The Federal Reserve's holidays of a year as observed: a fixed-date holiday on a Sunday is kept on
 * the Monday; on a Saturday the Fed stays open the Friday before (its own rule).
 */
export function federalReserveHolidays(year: number): Set<string> {
  const fixed = [
    [0, 1],
    [5, 19],
    [6, 4],
    [10, 11],
    [11, 25],
  ].map(([month = 0, day = 1]) => {
    const date = new Date(Date.UTC(year, month, day));
    return iso(date.getUTCDay() === 0 ? new Date(date.getTime() + DAY_MS) : date);
  });
  return new Set([
    ...fixed,
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
  ]);
}

/** True when Fedwire sends wires on this New York date (YYYY-MM-DD). */
export function isWireBusinessDay(date: string): boolean {
  const day = dayOf(date);
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !federalReserveHolidays(day.getUTCFullYear()).has(date);
}

/** When a wire made at `at` is sent: its New York date, and whether that is the day it was made. */
export function wireSendDate(at: Date): { sendsOn: string; sameDay: boolean } {
  const { date, minutes } = newYorkClock(at);
  if (isWireBusinessDay(date) && minutes < WIRE_CUTOFF_HOUR * 60) return { sendsOn: date, sameDay: true };
  let day = dayOf(date);
  do day = new Date(day.getTime() + DAY_MS);
  while (!isWireBusinessDay(iso(day)));
  return { sendsOn: iso(day), sameDay: false };
}
