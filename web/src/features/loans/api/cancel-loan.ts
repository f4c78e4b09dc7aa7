import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { customerLoanSchema, type CustomerLoan } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { loansQueryKey } from './get-loans';

/** POST /api/loans/:id/cancel — no body needed (the reason is optional). */
export function cancelLoan(loanId: string) {
  return api(`/api/loans/${encodeURIComponent(loanId)}/cancel`, {
    method: 'POST',
    schema: customerLoanSchema,
  });
}

type LoanPages = InfiniteData<{ items: CustomerLoan[]; nextCursor: string | null }>;

export function useCancelLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLoan,
    onSuccess: (loan) =>
      queryClient.setQueryData<LoanPages>(loansQueryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === loan.id ? loan : item)),
              })),
            }
          : data,
      ),
  });
}
