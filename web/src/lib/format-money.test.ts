import { describe, expect, it } from 'vitest';
import { formatMoney, formatWholeDollars } from './format-money';

describe('formatMoney', () => {
  it.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [123_456n, '$1,234.56'],
    [-123_456n, '-$1,234.56'],
    // Beyond 2^53 cents a float would already have lost the last cent.
    [9_007_199_254_740_993n, '$90,071,992,547,409.93'],
  ])('%s cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('formats whole dollars for headlines', () => {
    expect(formatWholeDollars(2_500_000n)).toBe('$25,000');
  });
});
