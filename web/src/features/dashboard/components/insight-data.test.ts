import { describe, expect, it } from 'vitest';
import { balancePoints, balanceSummary } from './insight-data';

describe('balanceSummary (the sentence a screen reader hears instead of the line)', () => {
  it('says where the balance went over several days', () => {
    const points = balancePoints([
      { date: '2026-11-25', balance: '100.00' },
      { date: '2026-11-26', balance: '40.00' },
      { date: '2026-11-27', balance: '70.00' },
    ]);
    expect(balanceSummary(points, 'USD')).toBe(
      'Your balance went from $100.00 on Nov 25 to $70.00 on Nov 27; lowest $40.00 (Nov 26), highest $100.00 (Nov 25).',
    );
  });

  it('says one day plainly: an account opened today has no "from … to …" (issue 28)', () => {
    const points = balancePoints([{ date: '2026-11-27', balance: '254.75' }]);
    expect(balanceSummary(points, 'USD')).toBe('Your balance at the end of Nov 27: $254.75.');
  });

  it('says there is no history when there are no days', () => {
    expect(balanceSummary([], 'USD')).toBe('No balance history yet.');
  });
});
