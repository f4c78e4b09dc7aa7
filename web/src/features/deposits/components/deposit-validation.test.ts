import { describe, expect, it } from 'vitest';
import { ROUTING_NUMBER_INVALID_MESSAGE, errorMessage } from '@larkspur/contract';
import { balanceAfterDeposit, toDepositRequest } from './deposit-review';
import { validateDepositFields } from './deposit-validation';

const micr = { routingNumber: '021000021', payerAccountNumber: '1234567890', checkNumber: '1042' };
const photo = { contentType: 'image/jpeg' as const, dataBase64: 'AAAA', name: 'check.jpg', sizeBytes: 3 };

describe('the check amount as typed', () => {
  it.each(['240', '240.00', '$240', '1,240.5'])('accepts %j', (amount) => {
    expect(validateDepositFields({ amount, ...micr })).toEqual({});
  });

  it.each(['1,2,40', '12.345', '-5'])('refuses %j with the spec’s message', (amount) => {
    expect(validateDepositFields({ amount, ...micr })).toEqual({
      amount: errorMessage('INVALID_DEPOSIT_AMOUNT'),
    });
  });

  it('sends the two-decimal string and previews the balance from what was typed', () => {
    const draft = {
      values: { amount: '1,240.5', ...micr },
      front: { ...photo, dataUrl: '' },
      back: { ...photo, dataUrl: '' },
    };
    expect(toDepositRequest(draft).amount).toBe('1240.50');
    expect(balanceAfterDeposit('10.00', '1,240.5')).toBe('1250.50');
  });
});

describe('the MICR line as typed', () => {
  it('refuses a routing number whose check digit is wrong, as the server would', () => {
    expect(validateDepositFields({ amount: '10', ...micr, routingNumber: '021000022' })).toEqual({
      routingNumber: ROUTING_NUMBER_INVALID_MESSAGE,
    });
  });

  it('asks for every number', () => {
    const errors = validateDepositFields({
      amount: '10',
      routingNumber: '',
      payerAccountNumber: '',
      checkNumber: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['checkNumber', 'payerAccountNumber', 'routingNumber']);
  });

  it('sends the line as typed, trimmed', () => {
    const draft = {
      values: {
        amount: '10',
        routingNumber: ' 021000021 ',
        payerAccountNumber: '1234567890 ',
        checkNumber: '1042',
      },
      front: { ...photo, dataUrl: '' },
      back: { ...photo, dataUrl: '' },
    };
    expect(toDepositRequest(draft)).toMatchObject({
      routingNumber: '021000021',
      payerAccountNumber: '1234567890',
    });
  });
});
