import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors';
import {
  SCHEDULED_OCCURRENCES_MAX,
  SCHEDULED_SERIES_ACTIVE_MAX,
  occurrenceDay,
  occurrenceTotal,
  parseIsoDate,
  scheduleSchema,
} from './scheduled';

describe('occurrenceDay', () => {
  it('pays monthly on the 31st on the last day of shorter months, and the 31st again after', () => {
    const days = [1, 2, 3, 4, 5].map((n) => occurrenceDay('2027-01-31', 'monthly', n));
    expect(days).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
  });

  it('knows leap years (29 February 2028) and crosses the year', () => {
    expect(occurrenceDay('2027-12-30', 'monthly', 3)).toBe('2028-02-29');
    expect(occurrenceDay('2027-11-15', 'monthly', 3)).toBe('2028-01-15');
  });

  it('pays weekly every 7 days, and once on its day only', () => {
    expect(occurrenceDay('2027-02-25', 'weekly', 2)).toBe('2027-03-04');
    expect(occurrenceDay('2027-02-25', 'once', 1)).toBe('2027-02-25');
  });

  it('refuses occurrence numbers below 1', () => {
    expect(() => occurrenceDay('2027-01-01', 'monthly', 0)).toThrow();
  });
});

describe('occurrenceTotal', () => {
  it('counts an end date inclusively', () => {
    expect(occurrenceTotal({ frequency: 'monthly', startOn: '2027-01-31', endOn: '2027-04-30' })).toBe(4);
    expect(occurrenceTotal({ frequency: 'weekly', startOn: '2027-01-01', endOn: '2027-01-07' })).toBe(1);
  });

  it('says one past the maximum for a series that is too long', () => {
    expect(occurrenceTotal({ frequency: 'weekly', startOn: '2027-01-01', endOn: '2031-01-01' })).toBe(
      SCHEDULED_OCCURRENCES_MAX + 1,
    );
  });
});

describe('scheduleSchema', () => {
  it('needs exactly one way to end for a repeating payment, and none for a single one', () => {
    const base = { startOn: '2027-01-01' };
    expect(scheduleSchema.safeParse({ ...base, frequency: 'monthly' }).success).toBe(false);
    expect(
      scheduleSchema.safeParse({ ...base, frequency: 'monthly', count: 3, endOn: '2027-06-01' }).success,
    ).toBe(false);
    expect(scheduleSchema.safeParse({ ...base, frequency: 'monthly', count: 3 }).success).toBe(true);
    expect(scheduleSchema.safeParse({ ...base, frequency: 'once', count: 3 }).success).toBe(false);
    expect(scheduleSchema.safeParse({ ...base, frequency: 'once' }).success).toBe(true);
  });

  it('refuses days that do not exist and counts over the maximum', () => {
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(scheduleSchema.safeParse({ frequency: 'once', startOn: '2027-02-30' }).success).toBe(false);
    expect(
      scheduleSchema.safeParse({
        frequency: 'weekly',
        startOn: '2027-01-01',
        count: SCHEDULED_OCCURRENCES_MAX + 1,
      }).success,
    ).toBe(false);
  });
});

it('the messages name the limits the constants set', () => {
  expect(errorCatalogue.SCHEDULED_TRANSFERS_LIMIT.message).toContain(String(SCHEDULED_SERIES_ACTIVE_MAX));
  expect(errorCatalogue.SCHEDULED_TOO_MANY_OCCURRENCES.message).toContain(String(SCHEDULED_OCCURRENCES_MAX));
});
