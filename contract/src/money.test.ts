import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_INPUT_LENGTH_MAX, formatCents, moneyToCents, parseAmountToCents } from './money';

describe('parseAmountToCents', () => {
  it.each([
    ['12', 1200n],
    ['12.3', 1230n],
    ['12.30', 1230n],
    ['0.01', 1n],
    ['0', 0n],
    ['012.50', 1250n],
    ['999999999999.99', 99999999999999n],
  ])('reads %s as %s cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '-5',
    '1e3',
    '12.345',
    'NaN',
    'Infinity',
    ' 12',
    '12 ',
    '1,000',
    '.5',
    '5.',
    '+5',
    '0x10',
    '１２',
    '12.3.4',
  ])('rejects %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  it('rejects strings longer than the input maximum before parsing them', () => {
    expect(parseAmountToCents('1'.repeat(AMOUNT_INPUT_LENGTH_MAX + 1))).toBeNull();
  });
});

describe('formatCents', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [1234n, '12.34'],
    [-1234n, '-12.34'],
    [100000000n, '1000000.00'],
  ])('formats %s as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('round-trips every amount through the wire format', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        expect(moneyToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('parses what it formats for every non-negative amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (cents) => {
        expect(parseAmountToCents(formatCents(cents))).toBe(cents);
      }),
    );
  });
});
