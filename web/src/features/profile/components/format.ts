/** A calendar date stored as YYYY-MM-DD, shown as-is in every time zone ("April 12, 1990"). */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
}

/** A moment (ISO 8601) as a date on the person's own calendar. */
export function formatDay(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(ms) : iso;
}

/** SSN as the customer may see it: only the last four digits (DESIGN §3). */
export function maskedSsn(last4: string): string {
  return `•••-••-${last4}`;
}
