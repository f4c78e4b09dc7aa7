import { loanInquiryResponseSchema, type LoanInquiry } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/loan-inquiries: a visitor asks to be contacted about a loan. */
export function createLoanInquiry(inquiry: LoanInquiry) {
  return api('/api/loan-inquiries', { method: 'POST', body: inquiry, schema: loanInquiryResponseSchema });
}

/** The form shows its own errors (beside the field, or in its alert box). */
export function useCreateLoanInquiry() {
  return useAsyncAction(createLoanInquiry);
}
