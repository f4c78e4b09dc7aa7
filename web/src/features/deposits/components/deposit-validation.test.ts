import { describe, expect, it } from 'vitest';
import { errorMessage } from '@larkspur/contract';
import { balanceAfterDeposit, toDepositRequest } from './deposit-review';
import { validateDepositFields } from './deposit-validation';

const photo = { contentType: 'image/jpeg' as const, dataBase64: 'AAAA', name: 'check.jpg', sizeBytes: 3 };

describe('the check amount as typed', () => {
  it.each(['240', '240.00', '$240', '1,240.5'])('accepts %j', (amount) => {
    expect(validateDepositFields({ amount, checkNumber: '1042' })).toEqual({});
  });

  it.each(['1,2,40', '12.345', '-5'])('refuses %j with the spec’s message', (amount) => {
    expect(validateDepositFields({ amount, checkNumber: '1042' })).toEqual({
      amount: errorMessage('INVALID_DEPOSIT_AMOUNT'),
    });
  });

  it('sends the two-decimal string and previews the balance from what was typed', () => {
    const draft = {
      values: { amount: '1,240.5', checkNumber: '1042' },
      front: { ...photo, dataUrl: '' },
      back: { ...photo, dataUrl: '' },
    };
    expect(toDepositRequest(draft).amount).toBe('1240.50');
    expect(balanceAfterDeposit('10.00', '1,240.5')).toBe('1250.50');
  });
});
