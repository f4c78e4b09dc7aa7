import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediumDate, mediumDateTime } from './format-date';

const utcDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const utcDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const plain = (text: string) => text.replaceAll('\u202f', ' ');

describe('the one date style, read in UTC (the documents, issue 28)', () => {
  it('is Intl en-US medium date and short time, in UTC, saying so', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        const d = new Date(ms);
        expect(mediumDateTime(d, 'utc')).toBe(`${plain(utcDateTime.format(ms))} UTC`);
        expect(mediumDate(d, 'utc')).toBe(plain(utcDate.format(ms)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes midnight and noon as the screens do', () => {
    expect(mediumDateTime(new Date('2026-03-04T00:05:00Z'), 'utc')).toBe('Mar 4, 2026, 12:05 AM UTC');
    expect(mediumDateTime(new Date('2026-11-24T12:00:00Z'), 'utc')).toBe('Nov 24, 2026, 12:00 PM UTC');
  });
});
