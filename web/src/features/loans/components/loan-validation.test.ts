import { describe, expect, it } from 'vitest';
import { emptyLoanForm, illustrativeEstimate, loanResolver, type LoanFormValues } from './loan-validation';

const valid: LoanFormValues = {
  loanType: 'Personal Loan',
  loanAmount: '10000',
  termMonths: '36',
  purpose: 'Kitchen renovation',
  annualIncome: '65000',
  employmentStatus: 'Employed',
};

describe('the loan application form', () => {
  it('estimates the payment at the illustrative APR, exactly (the server’s numbers)', () => {
    // $10,000 over 36 months at 11.99 %: the annuity formula gives $332.10 (332.0953…, rounded half up to the cent).
    expect(illustrativeEstimate(valid)).toMatchObject({
      apr: '11.99',
      monthlyPaymentCents: 33210n,
      termMonths: 36,
    });
    expect(illustrativeEstimate({ ...valid, loanType: '' })).toBeNull();
    expect(illustrativeEstimate({ ...valid, loanAmount: '999' })).toBeNull();
    expect(illustrativeEstimate({ ...valid, termMonths: '3.5' })).toBeNull();
  });

  it('reads thousands separators and sends the two-decimal string', async () => {
    const typed = { ...valid, loanAmount: '$12,000', annualIncome: '65 000.5' };
    expect(illustrativeEstimate(typed)).toMatchObject({ termMonths: 36 });
    const ok = await loanResolver(typed, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ loanAmount: '12000.00', annualIncome: '65000.50' });
  });

  it('validates with the contract’s schema, per product', async () => {
    const ok = await loanResolver(valid, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ termMonths: 36, loanAmount: '10000.00', annualIncome: '65000.00' });
    const bad = await loanResolver(
      { ...emptyLoanForm, loanType: 'Auto Loan', loanAmount: '500', termMonths: '12' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(Object.keys(bad.errors).sort()).toEqual([
      'annualIncome',
      'employmentStatus',
      'loanAmount',
      'purpose',
      'termMonths',
    ]);
  });
});
