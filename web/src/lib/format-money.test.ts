import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@larkspur/contract';
import { formatMoney, formatWholeDollars } from './format-money';

// What the app printed with before it grouped digits itself (see format-money.ts).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

describe('formatMoney', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [-5n, '-$0.05'],
    [100n, '$1.00'],
    [99_999n, '$999.99'],
    [100_000n, '$1,000.00'],
    [123_456n, '$1,234.56'],
    [-123_456n, '-$1,234.56'],
    // Beyond 2^53 cents a float would already have lost the last cent.
    [9_007_199_254_740_993n, '$90,071,992,547,409.93'],
  ])('%s cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('prints what Intl.NumberFormat prints for US dollars', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        expect(formatMoney(cents)).toBe(usd.format(formatCents(cents) as `${number}`));
      }),
    );
  });
});

describe('formatWholeDollars', () => {
  it('formats whole dollars for headlines', () => {
    expect(formatWholeDollars(2_500_000n)).toBe('$25,000');
    expect(formatWholeDollars(100n)).toBe('$1');
    expect(formatWholeDollars(0n)).toBe('$0');
  });

  it('prints what Intl.NumberFormat prints for US dollars', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        expect(formatWholeDollars(cents)).toBe(usdWhole.format((cents / 100n).toString() as `${number}`));
      }),
    );
  });
});
