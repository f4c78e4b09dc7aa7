import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordHold } from '@larkspur/contract';
import { HoldDetail } from './hold-badge';

afterEach(cleanup);

const DAY = '2026-11-26T12:00:00.000Z';
const hold = (status: RecordHold['status'], heldAmount: string): RecordHold => ({
  status,
  heldAmount,
  availableAt: DAY,
});
const text = (amount: string, h: RecordHold | null) =>
  render(<HoldDetail record={{ amount, currency: 'USD', hold: h }} />).container.textContent;

describe('<HoldDetail> on a receipt', () => {
  it('says the date once while all of it is held', () => {
    expect(text('240.00', hold('active', '240.00'))).toBe('On hold · available Nov 26, 2026');
  });

  it('adds what the badge does not say', () => {
    expect(text('500.00', hold('active', '275.00'))).toBe(
      'On hold · available Nov 26, 2026$225.00 available now, the rest Nov 26, 2026',
    );
    expect(text('60.00', hold('returned', '0.00'))).toBe(
      'Check returnedReturned unpaid: the money was taken back out',
    );
    expect(text('60.00', hold('released', '0.00'))).toBe('Available now');
  });
});
