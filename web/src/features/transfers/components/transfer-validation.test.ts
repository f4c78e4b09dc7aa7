import { describe, expect, it } from 'vitest';
import { errorMessage } from '@larkspur/contract';
import {
  balanceAfter,
  balanceAfterCents,
  emptyTransfer,
  PAYEE_RISK_REQUIRED,
  ROUTING_NUMBER_REQUIRED,
  toFieldErrors,
  validateTransfer,
  type TransferContext,
  type TransferFormValues,
} from './transfer-validation';

const context: TransferContext = {
  balance: '250.10',
  ownAccountNumber: '40911111111',
  recipientUnknown: false,
};

const local = (overrides: Partial<TransferFormValues> = {}): TransferFormValues => ({
  ...emptyTransfer,
  recipientAccount: '40922222222',
  recipientName: 'Jane Doe',
  amount: '100.10',
  ...overrides,
});

describe('the review step’s balance after (integer cents, never floats)', () => {
  it.each([
    ['250.10', '100.10', '150.00'],
    ['0.30', '0.10', '0.20'],
    ['0.30', '0.1', '0.20'],
    ['1000.00', '999.99', '0.01'],
    ['10.00', '10', '0.00'],
    ['5.00', '7.25', '-2.25'],
    // Beyond what a double holds exactly: a float would print ...568.00.
    ['12345678901234567.89', '0.01', '12345678901234567.88'],
  ])('%s − %s = %s', (balance, amount, after) => {
    expect(balanceAfter(balance, amount)).toBe(after);
  });

  it('is exact where floating point is not (0.3 − 0.1)', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(balanceAfterCents('0.30', '0.10')).toBe(20n);
  });

  it('has no answer for an amount that does not parse', () => {
    for (const amount of ['', 'abc', '1e3', '12.345', '-5']) expect(balanceAfter('10.00', amount)).toBeNull();
  });
});

describe('validateTransfer', () => {
  it('accepts a complete Local transfer and says how many cents move', () => {
    const result = validateTransfer(local(), context);
    expect(result).toMatchObject({ ok: true, amountCents: 10010n });
    if (result.ok) {
      expect(result.request).toMatchObject({
        type: 'Local Transfer',
        bankName: 'Larkspur Bank',
        routingNumber: null,
        amount: '100.10',
      });
      expect(result.request.internationalDetails).toBeUndefined();
    }
  });

  it.each([
    ['5', '5.00', 500n],
    ['120', '120.00', 12000n],
    ['1,20', null, null],
    ['$120.5', '120.50', 12050n],
  ])('sends the amount typed as %j as the two-decimal string %j', (amount, wire, cents) => {
    const result = validateTransfer(local({ amount }), { ...context, balance: '20000.00' });
    if (wire === null) return expect(result.ok).toBe(false);
    expect(result).toMatchObject({ ok: true, amountCents: cents, request: { amount: wire } });
  });

  it('reads thousands separators, International as well as Local', () => {
    const result = validateTransfer(
      local({
        type: 'International Transfer',
        amount: '12,000',
        internationalDetails: {
          recipientFullName: 'Jane Doe',
          recipientBank: 'Banque Exemple',
          swiftBic: 'BNPAFRPP',
          ibanOrAccount: 'FR7630006000011234567890189',
          country: 'France',
          currencyCode: 'EUR',
          currencySymbol: '€',
        },
      }),
      { ...context, balance: '20000.00' },
    );
    expect(result).toMatchObject({ ok: true, amountCents: 1200000n, request: { amount: '12000.00' } });
  });

  it.each(['', '0', '0.00', '-5', '1e3', '12.345', 'ten', '100000000.01'])(
    'refuses the amount %j with the spec’s message',
    (amount) => {
      const result = validateTransfer(local({ amount }), context);
      expect(result).toEqual({ ok: false, errors: { amount: errorMessage('INVALID_TRANSFER_AMOUNT') } });
    },
  );

  it('says "Insufficient funds." when the amount is more than the live balance, to the cent', () => {
    expect(validateTransfer(local({ amount: '250.11' }), context)).toEqual({
      ok: false,
      errors: { amount: errorMessage('INSUFFICIENT_FUNDS') },
    });
    expect(validateTransfer(local({ amount: '250.10' }), context).ok).toBe(true);
  });

  it('refuses the customer’s own account, and an unknown one unless International', () => {
    expect(validateTransfer(local({ recipientAccount: '40911111111' }), context)).toEqual({
      ok: false,
      errors: { recipientAccount: errorMessage('SELF_TRANSFER') },
    });
    const unknown = { ...context, recipientUnknown: true };
    expect(validateTransfer(local(), unknown)).toEqual({
      ok: false,
      errors: { recipientAccount: errorMessage('RECIPIENT_NOT_FOUND') },
    });
  });

  it('asks a Wire for its 9-digit routing number', () => {
    const wire = local({ type: 'Wire Transfer', bankName: 'Larkspur Bank' });
    expect(validateTransfer(wire, context)).toEqual({
      ok: false,
      errors: { routingNumber: ROUTING_NUMBER_REQUIRED },
    });
    expect(validateTransfer({ ...wire, routingNumber: '12345' }, context)).toEqual({
      ok: false,
      errors: { routingNumber: 'A routing number has 9 digits' },
    });
    const ok = validateTransfer({ ...wire, routingNumber: '021000021' }, context);
    expect(ok.ok && ok.request.routingNumber).toBe('021000021');
  });

  it('checks every international field with the contract’s messages, and names the recipient once', () => {
    const international = local({ type: 'International Transfer', recipientName: '' });
    const result = validateTransfer(international, { ...context, recipientUnknown: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        'internationalDetails.recipientFullName': "Enter the recipient's full name",
        'internationalDetails.swiftBic': 'Enter an 8- or 11-character SWIFT/BIC code',
        'internationalDetails.currencyCode': 'Enter a three-letter currency code',
      });
      expect(result.errors.recipientName).toBeUndefined();
      expect(result.errors.recipientAccount).toBeUndefined();
    }
    const filled = validateTransfer(
      {
        ...international,
        internationalDetails: {
          recipientFullName: 'Marie Curie',
          recipientBank: 'BNP Paribas',
          swiftBic: 'bnpafrpp',
          ibanOrAccount: 'FR7630006000011234567890189',
          country: 'France',
          currencyCode: 'eur',
          currencySymbol: '€',
        },
      },
      { ...context, recipientUnknown: true },
    );
    expect(filled.ok).toBe(true);
    if (filled.ok) {
      expect(filled.request).toMatchObject({
        recipientName: 'Marie Curie',
        bankName: 'BNP Paribas',
        internationalDetails: { swiftBic: 'BNPAFRPP', currencyCode: 'EUR' },
      });
    }
  });

  it('turns dotted paths into react-hook-form’s nested errors', () => {
    expect(toFieldErrors({ amount: 'A', 'internationalDetails.swiftBic': 'B' })).toEqual({
      amount: { type: 'validate', message: 'A' },
      internationalDetails: { swiftBic: { type: 'validate', message: 'B' } },
    });
  });
});

describe('the name check before the review (decision 0155)', () => {
  it.each(['no_match', 'close_match'] as const)(
    'a %s needs the risk accepted, and then sends it',
    (result) => {
      const refused = validateTransfer(local(), { ...context, payeeCheck: result });
      expect(refused).toEqual({ ok: false, errors: { confirmPayeeRisk: PAYEE_RISK_REQUIRED } });
      const accepted = validateTransfer(local({ confirmPayeeRisk: true }), {
        ...context,
        payeeCheck: result,
      });
      expect(accepted.ok && accepted.request.confirmPayeeRisk).toBe(true);
    },
  );

  it('a match or an unchecked name needs nothing, and sends no acceptance', () => {
    for (const payeeCheck of ['match', 'unavailable', null] as const) {
      const result = validateTransfer(local(), { ...context, payeeCheck });
      expect(result.ok && result.request.confirmPayeeRisk).toBeUndefined();
    }
  });

  it('asks for the acceptance when the server refused the name, whatever the look-up said', () => {
    const result = validateTransfer(local(), { ...context, payeeCheck: 'match', payeeNeedsConfirm: true });
    expect(result).toEqual({ ok: false, errors: { confirmPayeeRisk: PAYEE_RISK_REQUIRED } });
  });
});
