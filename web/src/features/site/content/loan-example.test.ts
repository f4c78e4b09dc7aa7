import { describe, expect, it } from 'vitest';
import {
  estimateLoan,
  formatAprThousandths,
  monthlyPaymentCents,
  parseAprToThousandths,
} from '@larkspur/contract';
import { formatMoney, formatWholeDollars } from '@/lib/format-money';
import { homeLoanExample } from './home-loan-example';
import { mortgageExamples, personalLoanExamples } from './loan-example';

describe('the home page loan example', () => {
  it('says what the calculator computes', () => {
    const { principalCents, aprThousandths, termMonths, text } = homeLoanExample;
    const e = estimateLoan({ principalCents, aprThousandths, termMonths });
    expect(text).toEqual({
      principal: formatWholeDollars(principalCents),
      apr: `${formatAprThousandths(aprThousandths)}%`,
      monthlyPayment: formatMoney(e.monthlyPaymentCents),
      totalInterest: formatMoney(e.totalInterestCents),
      totalPaid: formatMoney(e.totalPaidCents),
    });
  });
});

describe('the mortgage page examples', () => {
  it.each(mortgageExamples.rows)('$loan pays $payment at $rate', (row) => {
    const aprThousandths = parseAprToThousandths(row.rate.replace('%', ''));
    expect(aprThousandths).not.toBeNull();
    const payment = monthlyPaymentCents({
      principalCents: mortgageExamples.principalCents,
      aprThousandths: aprThousandths ?? 0,
      termMonths: row.termMonths,
    });
    expect(formatMoney(payment)).toBe(row.payment);
  });
});

describe('the personal loan page examples', () => {
  it.each(personalLoanExamples.rows)('$termMonths months at $apr% pays $payment', (row) => {
    const payment = monthlyPaymentCents({
      principalCents: personalLoanExamples.principalCents,
      aprThousandths: parseAprToThousandths(row.apr) ?? 0,
      termMonths: row.termMonths,
    });
    expect(formatMoney(payment)).toBe(row.payment);
  });
});
