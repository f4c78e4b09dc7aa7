import { MONTH_NAMES, mediumDate, mediumDateTime, utcMonthDay } from '@larkspur/contract/format-date';

// The screens' dates, from the one formatter the documents use too (contract/src/format-date.ts,
// issue 28). format-date.test.ts holds every result to what `Intl.DateTimeFormat('en-US', …)`
// prints for the same moment.

function parse(iso: string): Date | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** A moment (ISO 8601) on the person's own clock: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  return d === null ? iso : mediumDateTime(d, 'local');
}

/** A moment as a date on the person's own calendar: "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const d = parse(iso);
  return d === null ? iso : mediumDate(d, 'local');
}

/** A calendar day the server names in UTC ("2026-03-04") as "Mar 4", the same in every time zone. */
export function formatUtcDay(day: string): string {
  const d = parse(`${day}T00:00:00.000Z`);
  return d === null ? day : utcMonthDay(d);
}

/** The month a moment falls in, in UTC, spelt out: "March" (Intl's `month: 'long'`, UTC). */
export function utcMonthName(date: Date): string {
  return MONTH_NAMES[date.getUTCMonth()] ?? '';
}
