import { describe, expect, it } from 'vitest';
import { readPayeeId, readPayTo } from './pay-to';

const payTo = {
  type: 'Local Transfer',
  recipientAccount: '1234567890',
  recipientName: 'Marcus Reed',
  bankName: 'Larkspur Bank',
  routingNumber: null,
  internationalDetails: null,
};

describe('the payee of a navigation state (issue 28)', () => {
  it('is the saved payee the payees page sent, so the picker can show it', () => {
    const state = { payTo: { ...payTo, id: '0b7c2f1e-7d1a-4a55-9c0e-2f8e1c3d4b5a' } };
    expect(readPayTo(state)).toMatchObject({ recipientAccount: '1234567890' });
    expect(readPayeeId(state)).toBe('0b7c2f1e-7d1a-4a55-9c0e-2f8e1c3d4b5a');
  });

  it('is none for a recent recipient (not a payee), a malformed state or an oversized id', () => {
    expect(readPayeeId({ payTo })).toBe('');
    expect(readPayeeId({ payTo: { ...payTo, type: 'Cash' }, id: 'x' })).toBe('');
    expect(readPayeeId({ payTo: { ...payTo, id: 'x'.repeat(500) } })).toBe('');
    expect(readPayeeId(null)).toBe('');
  });
});
