import { useMutation } from '@tanstack/react-query';
import { loanInquiryResponseSchema, type LoanInquiry } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** POST /api/loan-inquiries: a visitor asks to be contacted about a loan. */
export function createLoanInquiry(inquiry: LoanInquiry) {
  return api('/api/loan-inquiries', { method: 'POST', body: inquiry, schema: loanInquiryResponseSchema });
}

export function useCreateLoanInquiry() {
  // The form shows its own errors (beside the field, or in its alert box).
  return useMutation({ mutationFn: createLoanInquiry, meta: { handlesErrors: true } });
}
