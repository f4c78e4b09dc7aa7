import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUtcDay, utcMonthName } from './format-date';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

// Intl's output, with the narrow no-break space some ICU versions put before AM/PM made plain.
const plain = (text: string) => text.replaceAll('\u202f', ' ');

/** Moments from 1970 to 2100, the bank's range, to the millisecond. */
const moment = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });

describe('dates written by hand', () => {
  it('read exactly as Intl.DateTimeFormat en-US prints them', () => {
    fc.assert(
      fc.property(moment, (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatDateTime(iso)).toBe(plain(dateTime.format(ms)));
        expect(formatDate(iso)).toBe(plain(dateOnly.format(ms)));
        expect(formatUtcDay(iso.slice(0, 10))).toBe(plain(monthDay.format(ms)));
        expect(utcMonthName(new Date(ms))).toBe(monthLong.format(ms));
      }),
      { numRuns: 2_000 },
    );
  });

  it('get midnight and noon right, and leave what is not a date as it is', () => {
    expect(formatDateTime('2026-03-04T00:05:00')).toBe('Mar 4, 2026, 12:05 AM');
    expect(formatDateTime('2026-03-04T12:00:00')).toBe('Mar 4, 2026, 12:00 PM');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatUtcDay('2026-13-45')).toBe('2026-13-45');
  });
});
