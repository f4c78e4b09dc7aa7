import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDepositRequestSchema } from './banking';
import {
  PAYER_ACCOUNT_NUMBER_LENGTH_MAX,
  PAYER_ACCOUNT_NUMBER_MESSAGE,
  ROUTING_NUMBER_INVALID_MESSAGE,
  randomMicrLine,
  routingNumberSchema,
} from './routing-number';
import { isValidAbaRoutingNumber, routingCheckDigit } from './aba-routing';

// All zeros is no bank's number (refused whatever its sum).
const eightDigits = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 })
  .map((d) => d.join(''))
  .filter((d) => d !== '00000000');

describe('the ABA routing number check digit (decision 0192)', () => {
  it('accepts known routing numbers and refuses a changed digit', () => {
    // JPMorgan Chase (NY), Bank of America (CA), Wells Fargo (MN): published routing numbers.
    for (const valid of ['021000021', '121000358', '091000019'])
      expect(isValidAbaRoutingNumber(valid)).toBe(true);
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002')).toBe(false);
    expect(isValidAbaRoutingNumber('0210000211')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002a')).toBe(false);
  });

  it('accepts every number built with its check digit, and refuses every single-digit change of it', () => {
    fc.assert(
      fc.property(
        eightDigits,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (first, at, by) => {
          const valid = `${first}${routingCheckDigit(first)}`;
          expect(isValidAbaRoutingNumber(valid)).toBe(true);
          expect(routingNumberSchema.safeParse(valid).success).toBe(true);
          // Each weight (3, 7, 1) is prime to 10, so any change of one digit changes the sum mod 10.
          const changed = `${valid.slice(0, at)}${(Number(valid[at]) + by) % 10}${valid.slice(at + 1)}`;
          expect(isValidAbaRoutingNumber(changed)).toBe(false);
          const parsed = routingNumberSchema.safeParse(changed);
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues[0]?.message).toBe(ROUTING_NUMBER_INVALID_MESSAGE);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('makes valid, distinct MICR lines for tests and demo data', () => {
    const lines = Array.from({ length: 200 }, () => randomMicrLine());
    for (const line of lines) {
      expect(isValidAbaRoutingNumber(line.routingNumber)).toBe(true);
      expect(line.payerAccountNumber.length).toBeLessThanOrEqual(PAYER_ACCOUNT_NUMBER_LENGTH_MAX);
    }
    const keys = new Set(lines.map((l) => `${l.routingNumber}/${l.payerAccountNumber}/${l.checkNumber}`));
    expect(keys.size).toBe(lines.length);
  });
});

describe('the check deposit asks for the MICR line', () => {
  const photo = { contentType: 'image/jpeg', dataBase64: '/9j/' };
  const base = { amount: '10.00', frontImage: photo, backImage: photo, ...randomMicrLine() };

  it('requires the routing number and the payer account number, with clear messages', () => {
    const { routingNumber: _r, ...noRouting } = base;
    const { payerAccountNumber: _p, ...noAccount } = base;
    expect(checkDepositRequestSchema.safeParse(noRouting).success).toBe(false);
    expect(checkDepositRequestSchema.safeParse(noAccount).success).toBe(false);
    for (const payerAccountNumber of ['123', '1'.repeat(PAYER_ACCOUNT_NUMBER_LENGTH_MAX + 1), '12-345']) {
      const parsed = checkDepositRequestSchema.safeParse({ ...base, payerAccountNumber });
      expect(parsed.error?.issues[0]?.message).toBe(PAYER_ACCOUNT_NUMBER_MESSAGE);
    }
  });

  it('reads the numbers without leading zeros, so padding does not make a different check', () => {
    const parsed = checkDepositRequestSchema.parse({
      ...base,
      checkNumber: '0001042',
      payerAccountNumber: '00123456',
    });
    expect(parsed.checkNumber).toBe('1042');
    expect(parsed.payerAccountNumber).toBe('123456');
  });
});
