import { describe, expect, it } from 'vitest';
import {
  isApprovable,
  isAwaitingDecision,
  LOAN_INQUIRY_NAME_LENGTH_MAX,
  loanStatuses,
  loanInquiryMessages,
  loanInquirySchema,
  type LoanInquiryInput,
} from './loans';

const valid: LoanInquiryInput = {
  name: 'Dana Whitfield',
  email: 'Dana@Example.com',
  phone: '(555) 010-2030',
  loanType: 'Auto Loan',
  amount: '18500',
};

function issuesOf(input: unknown): Record<string, string> {
  const result = loanInquirySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('loanInquirySchema', () => {
  it('accepts a complete inquiry, trimming and lower-casing the email', () => {
    const result = loanInquirySchema.parse({
      ...valid,
      name: '  Dana Whitfield ',
      email: ' Dana@Example.com ',
    });
    expect(result).toEqual({ ...valid, email: 'dana@example.com' });
  });

  it('reports every invalid field at once, the amount range included', () => {
    expect(issuesOf({ ...valid, name: ' ', email: 'nope', phone: '12', amount: '999' })).toEqual({
      name: loanInquiryMessages.name,
      email: loanInquiryMessages.email,
      phone: loanInquiryMessages.phone,
      amount: loanInquiryMessages.amountRange('Auto Loan'),
    });
  });

  it.each(['1e4', '-5', '12.345', '15,000', ''])('rejects the amount %j as malformed', (amount) => {
    expect(issuesOf({ ...valid, amount })).toEqual({ amount: loanInquiryMessages.amountFormat });
  });

  it('limits the amount by product', () => {
    expect(issuesOf({ ...valid, loanType: 'Personal Loan', amount: '50000.01' })).toEqual({
      amount: loanInquiryMessages.amountRange('Personal Loan'),
    });
    expect(issuesOf({ ...valid, loanType: 'Personal Loan', amount: '50000.00' })).toEqual({});
    expect(issuesOf({ ...valid, loanType: 'Mortgage', amount: '650000' })).toEqual({});
  });

  it('bounds every string and refuses unknown fields and types', () => {
    expect(issuesOf({ ...valid, name: 'x'.repeat(LOAN_INQUIRY_NAME_LENGTH_MAX + 1) })).toHaveProperty('name');
    expect(issuesOf({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toHaveProperty('email');
    expect(issuesOf({ ...valid, phone: '1'.repeat(21) })).toHaveProperty('phone');
    expect(issuesOf({ ...valid, amount: '1'.repeat(21) })).toHaveProperty('amount');
    expect(issuesOf({ ...valid, loanType: 'Yacht Loan' })).toEqual({
      loanType: loanInquiryMessages.loanType,
    });
    expect(issuesOf({ ...valid, userId: 'someone' })).not.toEqual({});
    expect(issuesOf(null)).not.toEqual({});
    expect(issuesOf({ ...valid, amount: 18500 })).toHaveProperty('amount');
  });
});

describe('isApprovable (product §4: approval only from Pending)', () => {
  it('is true for Pending only; Under Review still awaits a decision but is not approvable', () => {
    expect(loanStatuses.filter(isApprovable)).toEqual(['Pending']);
    expect(isAwaitingDecision('Under Review')).toBe(true);
    expect(isApprovable('Under Review')).toBe(false);
  });
});
