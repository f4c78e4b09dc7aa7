// The one way the bank writes a date, on the screens and in its documents (issue 28): "Mar 4, 2026"
// and "Mar 4, 2026, 2:05 PM", as Intl.DateTimeFormat('en-US') prints `dateStyle: 'medium'` and
// `timeStyle: 'short'`. Written out by hand rather than with Intl: a page's first Intl call loads
// ICU's locale data, a task of its own of 15–20 ms on a desktop (docs/decisions/0015), several times
// that on a phone. The screens read a moment on the person's own clock; a PDF has no person's clock
// and reads it in UTC, saying so. format-date.test.ts holds both to Intl's output.

/** Whose clock a moment is read on: the browser's own, or UTC (the documents, which say so). */
export type DateClock = 'local' | 'utc';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

function parts(d: Date, clock: DateClock) {
  return clock === 'utc'
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth(),
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
      }
    : {
        year: d.getFullYear(),
        month: d.getMonth(),
        day: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
      };
}

/** "Mar 4, 2026" (Intl's `dateStyle: 'medium'`). */
export function mediumDate(d: Date, clock: DateClock): string {
  const p = parts(d, clock);
  return `${MONTHS[p.month] ?? ''} ${p.day}, ${p.year}`;
}

/** "2:05 PM" (Intl's `timeStyle: 'short'`). */
export function shortTime(d: Date, clock: DateClock): string {
  const { hours, minutes } = parts(d, clock);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Mar 4, 2026, 2:05 PM" on the person's clock; "Mar 4, 2026, 2:05 PM UTC" in UTC. */
export function mediumDateTime(d: Date, clock: DateClock): string {
  return `${mediumDate(d, clock)}, ${shortTime(d, clock)}${clock === 'utc' ? ' UTC' : ''}`;
}

/** "Mar 4" of a moment in UTC (Intl's `month: 'short', day: 'numeric'`, UTC). */
export function utcMonthDay(d: Date): string {
  return `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()}`;
}
