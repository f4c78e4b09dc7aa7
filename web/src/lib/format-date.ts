// Written out by hand rather than with Intl.DateTimeFormat: a page's first Intl call loads ICU's
// locale data, a task of its own of 15–20 ms on a desktop (docs/decisions/0015), several times that
// on a phone, and the customer overview shows dates on its first screen. format-date.test.ts holds
// every result to what `Intl.DateTimeFormat('en-US', …)` prints for the same moment.

const MONTH_NAMES = [
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
];
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

function parse(iso: string): Date | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** "Mar 4, 2026" on the person's own calendar (Intl's `dateStyle: 'medium'`). */
const mediumDate = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;

/** "2:05 PM" on the person's own clock (Intl's `timeStyle: 'short'`). */
function shortTime(d: Date): string {
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A moment (ISO 8601) on the person's own clock: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d === null ? iso : `${mediumDate(d)}, ${shortTime(d)}`;
}

/** A moment as a date on the person's own calendar: "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const d = parse(iso);
  return d === null ? iso : mediumDate(d);
}

/** A calendar day the server names in UTC ("2026-03-04") as "Mar 4", the same in every time zone. */
export function formatUtcDay(day: string): string {
  const d = parse(`${day}T00:00:00.000Z`);
  return d === null ? day : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** The month a moment falls in, in UTC, spelt out: "March" (Intl's `month: 'long'`, UTC). */
export function utcMonthName(date: Date): string {
  return MONTH_NAMES[date.getUTCMonth()] ?? '';
}
