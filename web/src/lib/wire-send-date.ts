import { newYorkDate, WIRE_CUTOFF_LABEL, wireSendDate } from '@larkspur/contract/wire';

/** "Mon, Nov 30, 2026" for a calendar date (YYYY-MM-DD). */
function calendarDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00.000Z`));
}

/**
 * When a wire to another bank made at `at` is (or was) sent, in words, as seen at `now`
 * (decision 0206): the review and the receipt right after it say "Today" or the day it goes and
 * why; a record read later names the day, and says when it was made after the cut-off.
 */
export function wireSendsOnText(at: Date, now: Date = new Date()): string {
  const { sendsOn, sameDay } = wireSendDate(at);
  const today = newYorkDate(now);
  const day = calendarDate(sendsOn);
  const late = `after the ${WIRE_CUTOFF_LABEL} cut-off, or on a weekend or bank holiday, a wire goes the next business day`;
  if (sendsOn > today) return `${day}: ${late}`;
  if (sendsOn === today)
    return sameDay ? `Today, ${day} (before the ${WIRE_CUTOFF_LABEL} cut-off)` : `Today, ${day}`;
  return sameDay ? day : `${day} (made ${late.replace(', a wire goes', ': sent')})`;
}
