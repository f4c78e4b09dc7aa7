import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APR_THOUSANDTHS_MAX,
  divideRoundHalfUp,
  estimateLoan,
  formatAprThousandths,
  LOAN_PRINCIPAL_MAX_CENTS,
  LOAN_PRINCIPAL_MIN_CENTS,
  LOAN_TERM_MONTHS_MAX,
  loanInputMessages,
  monthlyPaymentCents,
  parseAprToThousandths,
  parseLoanInput,
  type LoanTerms,
} from './loan-math';

const terms = (dollars: number, aprThousandths: number, termMonths: number): LoanTerms => ({
  principalCents: BigInt(dollars) * 100n,
  aprThousandths,
  termMonths,
});

describe('divideRoundHalfUp', () => {
  it.each([
    [10n, 4n, 3n], // 2.5 → 3
    [9n, 4n, 2n], // 2.25 → 2
    [11n, 4n, 3n], // 2.75 → 3
    [0n, 7n, 0n],
    [8n, 4n, 2n],
  ])('%s / %s → %s', (n, d, q) => {
    expect(divideRoundHalfUp(n, d)).toBe(q);
  });

  it('refuses a negative numerator or a zero denominator', () => {
    expect(() => divideRoundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('parseAprToThousandths', () => {
  it.each([
    ['6.99', 6990],
    ['0', 0],
    ['12.125', 12125],
    ['7', 7000],
    ['7.5', 7500],
    ['50', APR_THOUSANDTHS_MAX],
    ['06.50', 6500],
  ])('reads %j as %s', (input, value) => {
    expect(parseAprToThousandths(input)).toBe(value);
  });

  it.each(['', '6.9999', '-1', '1e2', '7%', '.5', '5.', ' 6', '50.001', '100', 'NaN', '6,99'])(
    'rejects %j',
    (input) => {
      expect(parseAprToThousandths(input)).toBeNull();
    },
  );

  it('formats back to the shortest decimal', () => {
    expect(formatAprThousandths(6990)).toBe('6.99');
    expect(formatAprThousandths(7000)).toBe('7');
    expect(formatAprThousandths(12125)).toBe('12.125');
    expect(formatAprThousandths(50)).toBe('0.05');
  });
});

describe('monthlyPaymentCents', () => {
  // Published amortization values (the exact payment rounded to the cent).
  it.each([
    [200_000, 6500, 360, 126_414n], // 1,264.136 → 1,264.14
    [10_000, 5000, 36, 29_971n], // 299.709 → 299.71
    [25_000, 7000, 60, 49_503n], // 495.030 → 495.03
    [100_000, 4500, 180, 76_499n], // 764.993 → 764.99
    [30_000, 6490, 60, 58_684n], // 586.844 → 586.84
    [350_000, 6750, 360, 227_009n], // 2,270.093 → 2,270.09
  ])('$%s at %s/1000 %% over %s months pays %s cents', (dollars, apr, months, cents) => {
    expect(monthlyPaymentCents(terms(dollars, apr, months))).toBe(cents);
  });

  it('divides evenly at 0 % APR, rounding halves up', () => {
    expect(monthlyPaymentCents(terms(1_200, 0, 12))).toBe(10_000n);
    // 1,000.00 / 8 = 125.00; 1,000.04 / 8 = 125.005 → 125.01
    expect(monthlyPaymentCents({ principalCents: 100_004n, aprThousandths: 0, termMonths: 8 })).toBe(12_501n);
  });

  it('refuses terms out of range', () => {
    expect(() => monthlyPaymentCents(terms(999, 5000, 12))).toThrow(RangeError);
    expect(() => monthlyPaymentCents(terms(10_000, APR_THOUSANDTHS_MAX + 1, 12))).toThrow(RangeError);
    expect(() => monthlyPaymentCents(terms(10_000, 5000, 0))).toThrow(RangeError);
    expect(() => monthlyPaymentCents(terms(10_000, 5000, LOAN_TERM_MONTHS_MAX + 1))).toThrow(RangeError);
    expect(() => monthlyPaymentCents(terms(10_000, 5.5, 12))).toThrow(RangeError);
  });
});

describe('estimateLoan', () => {
  it('builds the textbook schedule for $10,000 at 5 % over 36 months', () => {
    const estimate = estimateLoan(terms(10_000, 5000, 36));
    expect(estimate.monthlyPaymentCents).toBe(29_971n);
    expect(estimate.schedule).toHaveLength(36);
    // Month 1: interest 10,000.00 × 5 % / 12 = 41.666… → 41.67; principal 299.71 − 41.67 = 258.04.
    expect(estimate.schedule[0]).toEqual({
      month: 1,
      paymentCents: 29_971n,
      principalCents: 25_804n,
      interestCents: 4_167n,
      balanceCents: 974_196n,
    });
    const last = estimate.schedule.at(-1);
    expect(last?.balanceCents).toBe(0n);
    expect(estimate.finalPaymentCents).toBe(last?.paymentCents);
    // The final payment absorbs the rounding: within a few cents of the regular one.
    const drift = (estimate.finalPaymentCents - estimate.monthlyPaymentCents) * 1n;
    expect(drift < 36n && drift > -36n).toBe(true);
    expect(estimate.totalInterestCents).toBe(estimate.totalPaidCents - 1_000_000n);
  });

  it('sums exactly: principal to the amount borrowed, payments to principal plus interest', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: LOAN_PRINCIPAL_MIN_CENTS, max: LOAN_PRINCIPAL_MAX_CENTS }),
        fc.integer({ min: 0, max: APR_THOUSANDTHS_MAX }),
        fc.integer({ min: 1, max: LOAN_TERM_MONTHS_MAX }),
        (principalCents, aprThousandths, termMonths) => {
          const e = estimateLoan({ principalCents, aprThousandths, termMonths });
          const sum = (pick: (r: (typeof e.schedule)[number]) => bigint) =>
            e.schedule.reduce((total, row) => total + pick(row), 0n);
          expect(sum((r) => r.principalCents)).toBe(principalCents);
          expect(sum((r) => r.interestCents)).toBe(e.totalInterestCents);
          expect(sum((r) => r.paymentCents)).toBe(e.totalPaidCents);
          expect(e.totalPaidCents).toBe(principalCents + e.totalInterestCents);
          expect(e.schedule.at(-1)?.balanceCents).toBe(0n);
          for (const row of e.schedule.slice(0, -1)) {
            expect(row.paymentCents).toBe(e.monthlyPaymentCents);
            expect(row.principalCents >= 0n).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
    // Up to 480 rows of bigint arithmetic per run: give a busy machine room.
  }, 60_000);

  it('a 30-year mortgage of $350,000 at 6.75 % costs $467,233.… in interest', () => {
    const e = estimateLoan(terms(350_000, 6750, 360));
    expect(e.schedule).toHaveLength(360);
    // 359 × 2,270.09 plus the final payment; interest is the rest.
    expect(e.totalPaidCents).toBe(359n * 227_009n + e.finalPaymentCents);
    expect(e.totalInterestCents > 46_700_000n && e.totalInterestCents < 46_800_000n).toBe(true);
  });

  it('ends the schedule early when rounding the payment up would overpay the last month', () => {
    // $1,000.90 at 0 % over 480 months: 208.52 → 209.00 a month repays it all in month 479.
    const e = estimateLoan({ principalCents: 100_090n, aprThousandths: 0, termMonths: 480 });
    expect(e.monthlyPaymentCents).toBe(209n);
    expect(e.schedule).toHaveLength(479);
    expect(e.schedule.at(-1)).toMatchObject({ paymentCents: 100_090n - 478n * 209n, balanceCents: 0n });
  });
});

describe('parseLoanInput', () => {
  it('reads valid input', () => {
    expect(parseLoanInput({ amount: '25000', apr: '6.49', termMonths: '60' })).toEqual({
      ok: true,
      terms: { principalCents: 2_500_000n, aprThousandths: 6490, termMonths: 60 },
    });
    expect(parseLoanInput({ amount: ' 1000.50 ', apr: '0', termMonths: ' 12 ' }).ok).toBe(true);
  });

  it.each(['12,000', '12,000.00', '12 000', '$12,000'])('reads %j as twelve thousand dollars', (amount) => {
    expect(parseLoanInput({ amount, apr: '6.49', termMonths: '60' })).toMatchObject({
      ok: true,
      terms: { principalCents: 1_200_000n },
    });
  });

  it('reports every bad field at once with a clear message', () => {
    expect(parseLoanInput({ amount: '25,00', apr: '7%', termMonths: '0' })).toEqual({
      ok: false,
      errors: {
        amount: loanInputMessages.amountFormat,
        apr: loanInputMessages.apr,
        termMonths: loanInputMessages.term,
      },
    });
  });

  it('names the amount limits in whole dollars with thousands separators', () => {
    expect(loanInputMessages.amountRange).toBe('Enter an amount from $1,000 to $10,000,000.');
  });

  it.each([
    [{ amount: '999.99', apr: '5', termMonths: '12' }, 'amount', loanInputMessages.amountRange],
    [{ amount: '10000001', apr: '5', termMonths: '12' }, 'amount', loanInputMessages.amountRange],
    [{ amount: '', apr: '5', termMonths: '12' }, 'amount', loanInputMessages.amountFormat],
    [{ amount: '1e5', apr: '5', termMonths: '12' }, 'amount', loanInputMessages.amountFormat],
    [{ amount: '5000', apr: '', termMonths: '12' }, 'apr', loanInputMessages.apr],
    [{ amount: '5000', apr: '51', termMonths: '12' }, 'apr', loanInputMessages.apr],
    [{ amount: '5000', apr: '5', termMonths: '481' }, 'termMonths', loanInputMessages.term],
    [{ amount: '5000', apr: '5', termMonths: '12.5' }, 'termMonths', loanInputMessages.term],
    [{ amount: '5000', apr: '5', termMonths: '0012' }, 'termMonths', loanInputMessages.term],
  ])('rejects %j on %s', (input, field, message) => {
    const result = parseLoanInput(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ [field]: message });
  });
});
