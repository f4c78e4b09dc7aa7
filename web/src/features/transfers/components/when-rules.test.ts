import { describe, expect, it } from 'vitest';
import { describeSchedule, emptyWhen, ordinal, readWhen } from './when-rules';

const NOW = new Date('2027-01-20T23:30:00.000Z');

describe('readWhen', () => {
  it('pays now by default', () => {
    expect(readWhen(emptyWhen(NOW), NOW)).toEqual({ ok: true, schedule: null });
  });

  it('builds a monthly schedule with a count, and one until a date', () => {
    const base = { ...emptyWhen(NOW), mode: 'repeat' as const, startOn: '2027-01-31' };
    expect(readWhen({ ...base, count: '3' }, NOW)).toEqual({
      ok: true,
      schedule: { frequency: 'monthly', startOn: '2027-01-31', count: 3 },
    });
    expect(readWhen({ ...base, ends: 'date', endOn: '2027-06-30' }, NOW)).toEqual({
      ok: true,
      schedule: { frequency: 'monthly', startOn: '2027-01-31', endOn: '2027-06-30' },
    });
  });

  it('refuses a past start (in UTC), an end before the start, a count out of range, too many payments', () => {
    const base = { ...emptyWhen(NOW), mode: 'repeat' as const };
    expect(readWhen({ ...base, mode: 'date', startOn: '2027-01-19' }, NOW)).toMatchObject({ ok: false });
    expect(
      readWhen({ ...base, startOn: '2027-02-01', ends: 'date', endOn: '2027-01-31' }, NOW),
    ).toMatchObject({
      ok: false,
      errors: { endOn: 'Choose a date on or after the first payment.' },
    });
    expect(readWhen({ ...base, count: '1' }, NOW)).toMatchObject({ ok: false });
    expect(readWhen({ ...base, count: '121' }, NOW)).toMatchObject({ ok: false });
    expect(readWhen({ ...base, frequency: 'weekly', ends: 'date', endOn: '2029-12-31' }, NOW)).toMatchObject({
      ok: false,
      errors: { endOn: expect.stringContaining('120') },
    });
  });
});

describe('describeSchedule', () => {
  it('says what will happen in words', () => {
    expect(describeSchedule({ frequency: 'monthly', startOn: '2027-01-31', count: 3 })).toBe(
      'Every month on the 31st (the last day in shorter months), from Jan 31, 2027, 3 payments',
    );
    expect(describeSchedule({ frequency: 'weekly', startOn: '2027-01-22', endOn: '2027-03-01' })).toBe(
      'Every week on Friday, from Jan 22, 2027, until Mar 1, 2027',
    );
    expect(describeSchedule({ frequency: 'once', startOn: '2027-02-03' })).toBe('Once, on Feb 3, 2027');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});
