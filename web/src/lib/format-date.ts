const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function parse(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** A moment (ISO 8601) on the person's own clock: "Mar 4, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const ms = parse(iso);
  return ms === null ? iso : dateTime.format(ms);
}

/** A moment as a date on the person's own calendar: "Mar 4, 2026". */
export function formatDate(iso: string): string {
  const ms = parse(iso);
  return ms === null ? iso : dateOnly.format(ms);
}

/** A calendar day the server names in UTC ("2026-03-04") as "Mar 4", the same in every time zone. */
export function formatUtcDay(day: string): string {
  const ms = parse(`${day}T00:00:00.000Z`);
  return ms === null ? day : monthDay.format(ms);
}
