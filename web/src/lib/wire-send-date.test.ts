import { describe, expect, it } from 'vitest';
import { wireSendsOnText } from './wire-send-date';

// Decision 0206: the "Wire sent" row of the review, the receipt and a record read later.
describe('when a wire is sent, in words', () => {
  const tuesdayMorning = new Date('2026-12-01T15:00:00Z'); // 10:00 am EST
  const fridayEvening = new Date('2026-12-04T23:00:00Z'); // 6:00 pm EST

  it('made before the cut-off and read that day: today', () => {
    expect(wireSendsOnText(tuesdayMorning, tuesdayMorning)).toBe(
      'Today, Tue, Dec 1, 2026 (before the 5:00 pm ET cut-off)',
    );
  });
  it('made after the cut-off: the next business day, and why', () => {
    expect(wireSendsOnText(fridayEvening, fridayEvening)).toBe(
      'Mon, Dec 7, 2026: after the 5:00 pm ET cut-off, or on a weekend or bank holiday, a wire goes the next business day',
    );
  });
  it('read later: the day it went, never "today"', () => {
    const later = new Date('2026-12-10T15:00:00Z');
    expect(wireSendsOnText(tuesdayMorning, later)).toBe('Tue, Dec 1, 2026');
    expect(wireSendsOnText(fridayEvening, later)).toBe(
      'Mon, Dec 7, 2026 (made after the 5:00 pm ET cut-off, or on a weekend or bank holiday: sent the next business day)',
    );
  });
});
