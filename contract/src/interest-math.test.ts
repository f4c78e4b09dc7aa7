import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INTEREST_RATE_SCALED_MAX,
  INTEREST_UNITS_PER_CENT,
  dailyAccrualUnits,
  formatInterestRate,
  parseInterestRate,
  runInterest,
  splitAccrual,
  type InterestDay,
} from './interest-math';

/** Balances up to $10 billion, rates up to the maximum, a period end now and then. */
const day = fc.record({
  balanceCents: fc.bigInt({ min: -1_000_000n, max: 1_000_000_000_000n }),
  rateScaled: fc.bigInt({ min: 0n, max: INTEREST_RATE_SCALED_MAX }),
  postsAfter: fc.boolean(),
});

describe('interest rates on the wire', () => {
  it('reads percent strings with up to four decimals and writes them back', () => {
    expect(parseInterestRate('4.25')).toBe(42500n);
    expect(parseInterestRate('0')).toBe(0n);
    expect(parseInterestRate('4.2125')).toBe(42125n);
    expect(parseInterestRate('25')).toBe(INTEREST_RATE_SCALED_MAX);
    expect(formatInterestRate(42500n)).toBe('4.25');
    expect(formatInterestRate(42125n)).toBe('4.2125');
    expect(formatInterestRate(42120n)).toBe('4.212');
    expect(formatInterestRate(0n)).toBe('0.00');
    expect(formatInterestRate(50000n)).toBe('5.00');
  });

  it('refuses a negative, a fifth decimal, a typo above the maximum and anything not a number', () => {
    for (const text of [
      '-1',
      '4.25001',
      '25.0001',
      '425',
      '4,25',
      '',
      '.5',
      '4.',
      ' 4.25',
      '1e2',
      '00000004.25',
    ]) {
      expect(parseInterestRate(text), text).toBeNull();
    }
  });

  it('round-trips every rate it can write', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: INTEREST_RATE_SCALED_MAX }), (rate) => {
        expect(parseInterestRate(formatInterestRate(rate))).toBe(rate);
      }),
    );
  });
});

describe('daily accrual', () => {
  it('is the actual/365 formula exactly: a year of days at a steady balance pays balance × rate', () => {
    // $10,000.00 at 4.25 % for 365 days: $425.00 to the cent, no carry.
    const year: InterestDay[] = Array.from({ length: 365 }, (_, i) => ({
      balanceCents: 1_000_000n,
      rateScaled: 42500n,
      postsAfter: i === 364,
    }));
    expect(runInterest(year)).toEqual({ postings: [42_500n], carryUnits: 0n });
  });

  it('matches b × r / (100 × 10000 × 365) cents for one day, as a fraction', () => {
    fc.assert(
      fc.property(day, ({ balanceCents, rateScaled }) => {
        const units = dailyAccrualUnits(balanceCents, rateScaled);
        const exactNumerator = balanceCents > 0n ? balanceCents * rateScaled : 0n;
        // units / UNITS_PER_CENT cents is the formula's value: same numerator over the same denominator.
        expect(units).toBe(exactNumerator);
        const { cents, carryUnits } = splitAccrual(units);
        expect(cents * INTEREST_UNITS_PER_CENT + carryUnits).toBe(units);
        expect(carryUnits >= 0n && carryUnits < INTEREST_UNITS_PER_CENT).toBe(true);
      }),
    );
  });

  it('pays nothing on a zero or negative balance', () => {
    expect(dailyAccrualUnits(0n, 42500n)).toBe(0n);
    expect(dailyAccrualUnits(-500n, 42500n)).toBe(0n);
  });
});

describe('posting what accrued', () => {
  it('loses and invents nothing: postings plus the carry equal the accruals, for any days and rate changes', () => {
    fc.assert(
      fc.property(
        fc.array(day, { maxLength: 400 }),
        fc.bigInt({ min: 0n, max: INTEREST_UNITS_PER_CENT - 1n }),
        (days, carry) => {
          const { postings, carryUnits } = runInterest(days, carry);
          const accrued = days.reduce(
            (sum, d) => sum + dailyAccrualUnits(d.balanceCents, d.rateScaled),
            carry,
          );
          const posted = postings.reduce((sum, cents) => sum + cents, 0n);
          expect(posted * INTEREST_UNITS_PER_CENT + carryUnits).toBe(accrued);
          expect(carryUnits >= 0n).toBe(true);
          expect(postings).toHaveLength(days.filter((d) => d.postsAfter).length);
          expect(postings.every((cents) => cents >= 0n)).toBe(true);
        },
      ),
    );
  });

  it('never holds back a whole cent at a period end', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 60 }), (days) => {
        const closed = [...days.slice(0, -1), { ...days[days.length - 1]!, postsAfter: true }];
        expect(runInterest(closed).carryUnits < INTEREST_UNITS_PER_CENT).toBe(true);
      }),
    );
  });

  it('carries sub-cent interest until it makes a cent: $1.00 at 1 % earns its first cent on day 365', () => {
    const days = (n: number): InterestDay[] =>
      Array.from({ length: n }, (_, i) => ({
        balanceCents: 100n,
        rateScaled: 10000n,
        postsAfter: (i + 1) % 30 === 0,
      }));
    const { postings, carryUnits } = runInterest(days(364));
    expect(postings.every((cents) => cents === 0n)).toBe(true);
    expect(carryUnits).toBe(364n * 100n * 10000n);
    expect(
      runInterest([...days(364), { balanceCents: 100n, rateScaled: 10000n, postsAfter: true }]).postings.at(
        -1,
      ),
    ).toBe(1n);
  });
});
