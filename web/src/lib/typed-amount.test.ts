import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { loanInquirySchema } from '@larkspur/contract';
import { withTypedAmounts } from './typed-amount';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const inquiry = {
  name: 'Robin Tester',
  email: 'robin@example.com',
  phone: '+1 415 555 0100',
  loanType: 'Personal Loan',
  amount: '',
};

describe('withTypedAmounts', () => {
  const resolver = withTypedAmounts(zodResolver(loanInquirySchema), ['amount']);

  it('lets the contract’s schema judge "12,000" and hands on the wire string', async () => {
    const result = await resolver({ ...inquiry, amount: '$12,000' } as never, undefined, options as never);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ amount: '12000.00' });
  });

  it('still refuses what does not read as an amount, with the schema’s message', async () => {
    const result = await resolver({ ...inquiry, amount: '12,00' } as never, undefined, options as never);
    expect(result.errors).toHaveProperty('amount.message');
  });
});
