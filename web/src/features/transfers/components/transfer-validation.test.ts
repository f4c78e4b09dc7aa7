import { describe, expect, it } from 'vitest';
import {
  BIC_MESSAGE,
  COUNTRY_MESSAGE,
  CURRENCY_MESSAGE,
  errorMessage,
  IBAN_INVALID_CHECKSUM_MESSAGE,
  LARKSPUR_ROUTING_NUMBER,
  wireRoutingProblem,
  WIRE_ROUTING_NUMBER_REQUIRED,
} from '@larkspur/contract';
import { RATES_UNAVAILABLE_MESSAGE } from './international-quote';
import {
  balanceAfter,
  balanceAfterCents,
  emptyTransfer,
  PAYEE_RISK_REQUIRED,
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

const eurRate = {
  id: '7',
  currency: 'EUR',
  usdPerUnit: '1.08000000',
  postedAt: '2026-11-24T09:00:00.000Z',
  current: true,
};
const intlContext: TransferContext = { ...context, rates: new Map([['EUR', eurRate]]) };

/** A complete international transfer in euros; `details` replaces some of the recipient's details. */
const abroad = (
  overrides: Partial<TransferFormValues> = {},
  details: Partial<TransferFormValues['internationalDetails']> = {},
): TransferFormValues => ({
  ...emptyTransfer,
  type: 'International Transfer',
  recipientAccount: 'DE89 3704 0044 0532 0130 00',
  foreignAmount: '100',
  internationalDetails: {
    recipientFullName: 'Lena Vogel',
    recipientBank: 'Commerzbank',
    swiftBic: 'COBADEFFXXX',
    country: 'DE',
    currency: 'EUR',
    ...details,
  },
  ...overrides,
});

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
    const result = validateTransfer(abroad({ foreignAmount: '12,000' }), {
      ...intlContext,
      balance: '20000.00',
    });
    // €12,000 at 1.08 = $12,960.00.
    expect(result).toMatchObject({
      ok: true,
      amountCents: 1296000n,
      request: { amount: '12960.00', fxQuote: { foreignAmount: '12000.00', rateId: '7' } },
    });
  });

  it.each([
    ['0', 'Enter more than $0.00.'],
    ['0.00', 'Enter more than $0.00.'],
    ['-5', 'Enter more than $0.00.'],
    ['1e3', 'Type the amount in digits, for example 125.50.'],
    ['ten', 'Type the amount in digits, for example 125.50.'],
    ['12.345', 'Use at most two decimal places (cents).'],
    ['100000000.01', 'One transfer sends at most $10,000,000.00.'],
  ])('refuses the amount %j with the spec’s message and why: %s (issue 28)', (amount, why) => {
    const result = validateTransfer(local({ amount }), context);
    expect(result).toEqual({
      ok: false,
      errors: { amount: `${errorMessage('INVALID_TRANSFER_AMOUNT')} ${why}` },
    });
  });

  it('asks for an amount when the field is empty', () => {
    expect(validateTransfer(local({ amount: '' }), context)).toEqual({
      ok: false,
      errors: { amount: 'Enter the amount to send.' },
    });
  });

  it('says "Insufficient funds." and how much can be sent when the amount is more than the live balance, to the cent', () => {
    expect(validateTransfer(local({ amount: '250.11' }), context)).toEqual({
      ok: false,
      errors: { amount: `${errorMessage('INSUFFICIENT_FUNDS')} You can send up to $250.10.` },
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
      errors: { routingNumber: WIRE_ROUTING_NUMBER_REQUIRED },
    });
    expect(validateTransfer({ ...wire, routingNumber: '12345' }, context)).toEqual({
      ok: false,
      errors: { routingNumber: 'A routing number has 9 digits' },
    });
    const ok = validateTransfer({ ...wire, routingNumber: LARKSPUR_ROUTING_NUMBER }, context);
    expect(ok.ok && ok.request.routingNumber).toBe(LARKSPUR_ROUTING_NUMBER);
  });

  it('checks a Wire’s routing number by its ABA check digit and against the bank name (decision 0206)', () => {
    const wire = local({ type: 'Wire Transfer', bankName: 'JPMorgan Chase', routingNumber: '021000022' });
    expect(validateTransfer(wire, context)).toEqual({
      ok: false,
      errors: { routingNumber: wireRoutingProblem('021000022') },
    });
    // Another bank's number under our name, or ours under another bank's name: neither pays anyone.
    expect(
      validateTransfer({ ...wire, bankName: 'Larkspur Bank', routingNumber: '021000021' }, context),
    ).toEqual({
      ok: false,
      errors: { bankName: errorMessage('WIRE_BANK_MISMATCH') },
    });
    expect(validateTransfer({ ...wire, routingNumber: LARKSPUR_ROUTING_NUMBER }, context)).toEqual({
      ok: false,
      errors: { bankName: errorMessage('WIRE_BANK_MISMATCH') },
    });
    // Another bank's account is not one of ours: "not found" among our customers says nothing.
    const ok = validateTransfer(
      { ...wire, routingNumber: '021000021', recipientAccount: '000123456789' },
      { ...context, recipientUnknown: true },
    );
    expect(ok.ok && ok.request.bankName).toBe('JPMorgan Chase');
  });

  it('checks every international field with the contract’s messages, and names the recipient once', () => {
    const international = local({ type: 'International Transfer', recipientName: '', foreignAmount: '10' });
    const result = validateTransfer(international, { ...intlContext, recipientUnknown: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        'internationalDetails.recipientFullName': "Enter the recipient's full name",
        'internationalDetails.swiftBic': BIC_MESSAGE,
        'internationalDetails.country': COUNTRY_MESSAGE,
        'internationalDetails.currency': CURRENCY_MESSAGE,
      });
      expect(result.errors.recipientName).toBeUndefined();
      expect(result.errors.recipientAccount).toBeUndefined();
    }
    const filled = validateTransfer(
      {
        ...international,
        recipientAccount: 'fr76 3000 6000 0112 3456 7890 189',
        internationalDetails: {
          recipientFullName: 'Marie Curie',
          recipientBank: 'BNP Paribas',
          swiftBic: 'bnpafrpp',
          country: 'FR',
          currency: 'EUR',
        },
      },
      { ...intlContext, recipientUnknown: true },
    );
    expect(filled.ok).toBe(true);
    if (filled.ok) {
      expect(filled.request).toMatchObject({
        recipientName: 'Marie Curie',
        bankName: 'BNP Paribas',
        recipientAccount: 'FR7630006000011234567890189',
        internationalDetails: { swiftBic: 'BNPAFRPP', currency: 'EUR' },
      });
    }
  });

  it('refuses an IBAN whose check digits are wrong, beside the one account field', () => {
    const result = validateTransfer(abroad({ recipientAccount: 'DE88 3704 0044 0532 0130 00' }), intlContext);
    expect(result).toEqual({ ok: false, errors: { recipientAccount: IBAN_INVALID_CHECKSUM_MESSAGE } });
  });

  it('refuses a currency without a current posted rate, beside the currency', () => {
    const none = validateTransfer(abroad({}, { currency: 'SEK' }), intlContext);
    expect(none).toEqual({
      ok: false,
      errors: { 'internationalDetails.currency': errorMessage('FX_RATE_UNAVAILABLE') },
    });
    const stale = new Map([['EUR', { ...eurRate, current: false }]]);
    expect(validateTransfer(abroad(), { ...intlContext, rates: stale }).ok).toBe(false);
    expect(validateTransfer(abroad(), { ...intlContext, rates: undefined })).toEqual({
      ok: false,
      errors: { 'internationalDetails.currency': RATES_UNAVAILABLE_MESSAGE },
    });
  });

  it('converts at the posted rate, half up to the cent, and checks the dollars against the balance', () => {
    const rates = new Map([['EUR', { ...eurRate, usdPerUnit: '1.10000000' }]]);
    // €0.05 × 1.1 = $0.055 → $0.06.
    expect(validateTransfer(abroad({ foreignAmount: '0.05' }), { ...intlContext, rates })).toMatchObject({
      ok: true,
      amountCents: 6n,
    });
    // €228 × 1.1 = $250.80: more than the $250.10 available.
    expect(validateTransfer(abroad({ foreignAmount: '228' }), { ...intlContext, rates })).toEqual({
      ok: false,
      errors: { foreignAmount: `${errorMessage('INSUFFICIENT_FUNDS')} You can send up to $250.10.` },
    });
  });

  it('reads a yen amount without decimals, and refuses decimals in it', () => {
    const rates = new Map([['JPY', { ...eurRate, currency: 'JPY', usdPerUnit: '0.00670000' }]]);
    const ok = validateTransfer(abroad({ foreignAmount: '15,000' }, { currency: 'JPY' }), {
      ...intlContext,
      rates,
    });
    expect(ok).toMatchObject({
      ok: true,
      amountCents: 10050n,
      request: { fxQuote: { foreignAmount: '15000' } },
    });
    expect(
      validateTransfer(abroad({ foreignAmount: '150.5' }, { currency: 'JPY' }), { ...intlContext, rates }),
    ).toEqual({ ok: false, errors: { foreignAmount: errorMessage('INVALID_TRANSFER_AMOUNT') } });
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
