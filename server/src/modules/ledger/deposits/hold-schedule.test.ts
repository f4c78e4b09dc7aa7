import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  dueCents,
  fullyAvailableAt,
  holdSchedule,
  HOLD_NEXT_DAY_CENTS,
  nextReleaseAfter,
} from './hold-schedule';

const OLD_ACCOUNT = new Date('2025-01-01T00:00:00Z');

describe('hold schedule', () => {
  it('counts business days, skipping the weekend', () => {
    // Monday → Tuesday; Friday → Monday; Saturday → Monday; Friday + 2 → Tuesday.
    expect(addBusinessDays(new Date('2026-11-23T15:00:00Z'), 1).toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-27T23:59:00Z'), 1).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-27T10:00:00Z'), 2).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-23T10:00:00Z'), 7).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
  });

  it('releases the first $225 the next business day and the rest after two', () => {
    const at = new Date('2026-11-23T15:00:00Z');
    const schedule = holdSchedule(100_000n, at, OLD_ACCOUNT);
    expect(schedule).toEqual([
      { at: '2026-11-24T00:00:00.000Z', cents: HOLD_NEXT_DAY_CENTS.toString() },
      { at: '2026-11-25T00:00:00.000Z', cents: '77500' },
    ]);
    expect(dueCents(schedule, new Date('2026-11-23T23:59:59Z'))).toBe(0n);
    expect(dueCents(schedule, new Date('2026-11-24T00:00:00Z'))).toBe(22_500n);
    expect(nextReleaseAfter(schedule, new Date('2026-11-24T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-25T00:00:00.000Z',
    );
    expect(dueCents(schedule, new Date('2026-11-25T00:00:00Z'))).toBe(100_000n);
    expect(nextReleaseAfter(schedule, new Date('2026-11-25T00:00:00Z'))).toBeNull();
    expect(fullyAvailableAt(schedule).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('a small check is one tranche, the next business day', () => {
    expect(holdSchedule(10_000n, new Date('2026-11-23T15:00:00Z'), OLD_ACCOUNT)).toEqual([
      { at: '2026-11-24T00:00:00.000Z', cents: '10000' },
    ]);
  });

  it('holds the part over $5,525 for seven business days', () => {
    const schedule = holdSchedule(1_000_000n, new Date('2026-11-23T15:00:00Z'), OLD_ACCOUNT);
    expect(schedule.map((t) => t.cents)).toEqual(['22500', '530000', '447500']);
    expect(schedule[2]?.at).toBe('2026-12-02T00:00:00.000Z');
  });

  it('holds everything for seven business days in an account younger than 30 days', () => {
    const at = new Date('2026-11-23T15:00:00Z');
    const opened = new Date(at.getTime() - 29 * 86_400_000);
    expect(holdSchedule(50_000n, at, opened)).toEqual([{ at: '2026-12-02T00:00:00.000Z', cents: '50000' }]);
  });

  it('every schedule adds up to the deposit, in time order', () => {
    for (const cents of [1n, 22_499n, 22_500n, 22_501n, 552_500n, 552_501n, 1_000_000n]) {
      for (const opened of [OLD_ACCOUNT, new Date('2026-11-20T00:00:00Z')]) {
        const schedule = holdSchedule(cents, new Date('2026-11-23T15:00:00Z'), opened);
        expect(schedule.reduce((sum, t) => sum + BigInt(t.cents), 0n)).toBe(cents);
        for (const t of schedule) expect(BigInt(t.cents) > 0n).toBe(true);
        const times = schedule.map((t) => t.at);
        expect([...times].sort()).toEqual(times);
      }
    }
  });
});
