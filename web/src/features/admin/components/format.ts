import type { UserStatus } from '@larkspur/contract';
import { shortReference } from '@larkspur/contract/references';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** What a malformed date shows instead of "Invalid Date". */
const UNREADABLE = '—';

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026, 5:41 AM" in the admin's own time zone. */
export function formatDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = parse(iso);
  return date ? (seconds ? dateTimeSeconds : dateTime).format(date) : UNREADABLE;
}

const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const timeOnlySeconds = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

export function formatTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const date = parse(iso);
  return date ? (seconds ? timeOnlySeconds : timeOnly).format(date) : UNREADABLE;
}

export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : UNREADABLE;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the value of `<input type="datetime-local" step="1">`: the admin's local wall
 * clock, to the second ("2026-11-22T05:41:07").
 */
export function toLocalInputValue(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The inverse: a local wall-clock value back to an ISO 8601 instant (UTC), or null if unreadable. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The admin's time zone, named beside every date/time field so nobody guesses. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  closed: 'Closed',
};

/** "•••-••-1234": the SSN's last four are all anyone in the console ever sees (DESIGN §3). */
export function maskedSsn(last4: string): string {
  return `•••-••-${last4}`;
}

/** An id as a short reference ("A1B2-C3D4"): enough to tell rows apart, short enough to read. */
export function shortId(id: string): string {
  // The same short reference the customer and a visitor see (contract/references.ts), so staff
  // recognise the one a person reads out.
  return shortReference(id);
}
