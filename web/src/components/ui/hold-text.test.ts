import { describe, expect, it } from 'vitest';
import type { RecordHold } from '@larkspur/contract';
import { formatDate } from '@/lib/format-date';
import { availabilityText, holdBadge, onHoldText } from './hold-text';

// Midday UTC, so the calendar day is the same in every time zone a test machine might use.
const NOV_26 = '2026-11-26T12:00:00.000Z';
const NOV_30 = '2026-11-30T12:00:00.000Z';

const active = (heldAmount: string, availableAt = NOV_26): RecordHold => ({
  status: 'active',
  heldAmount,
  availableAt,
});
const deposit = (amount: string, hold: RecordHold | null) => ({ amount, currency: 'USD', hold });

describe('a check deposit’s hold, in words', () => {
  it('says the date all of it becomes available while all of it is held', () => {
    expect(formatDate(NOV_26)).toBe('Nov 26, 2026');
    expect(availabilityText(deposit('240.00', active('240.00')))).toBe('Available Nov 26, 2026');
  });

  it('says what is available now and when the rest is, once part has been released', () => {
    expect(availabilityText(deposit('1500.00', active('1275.00', NOV_30)))).toBe(
      '$225.00 available now, the rest Nov 30, 2026',
    );
    // In cents, never floats: 0.30 − 0.10 is 0.20 exactly.
    expect(availabilityText(deposit('0.30', active('0.10')))).toBe(
      '$0.20 available now, the rest Nov 26, 2026',
    );
  });

  it('says it is over once released, and that it was taken back once returned', () => {
    expect(availabilityText(deposit('240.00', { ...active('0.00'), status: 'released' }))).toBe(
      'Available now',
    );
    expect(availabilityText(deposit('240.00', active('0.00')))).toBe('Available now');
    expect(availabilityText(deposit('240.00', { ...active('0.00'), status: 'returned' }))).toBe(
      'Returned unpaid: the money was taken back out',
    );
    expect(availabilityText(deposit('240.00', null))).toBeNull();
  });

  it('badges held and returned deposits only', () => {
    expect(holdBadge(active('240.00'))).toEqual({
      tone: 'warning',
      text: 'On hold · available Nov 26, 2026',
    });
    expect(holdBadge({ ...active('0.00'), status: 'returned' })).toEqual({
      tone: 'danger',
      text: 'Check returned',
    });
    expect(holdBadge({ ...active('0.00'), status: 'released' })).toBeNull();
    expect(holdBadge(null)).toBeNull();
  });
});

describe('the overview’s on-hold line', () => {
  const profile = { balance: '1240.00', availableBalance: '1000.00', currency: 'USD' };

  it('is absent when nothing is held', () => {
    expect(onHoldText({ ...profile, availableBalance: '1240.00' }, [])).toBeNull();
  });

  it('names the latest date when the holds read account for all that is held', () => {
    const records = [
      { hold: active('40.00', NOV_30) },
      { hold: null },
      { hold: { ...active('0.00'), status: 'released' as const } },
      { hold: active('200.00', NOV_26) },
    ];
    expect(onHoldText(profile, records)).toBe('$240.00 on hold until Nov 30, 2026');
  });

  it('names no date it cannot vouch for: holds not read yet, or not all of them', () => {
    expect(onHoldText(profile, undefined)).toBe('$240.00 on hold');
    expect(onHoldText(profile, [{ hold: active('200.00') }])).toBe('$240.00 on hold');
  });
});
