import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerLoanSchema, type LoanApplicationRequest } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { loansQueryKey } from './get-loans';

/** POST /api/loans: a new application, Pending. */
export function applyForLoan(request: LoanApplicationRequest) {
  return api('/api/loans', { method: 'POST', body: request, schema: customerLoanSchema });
}

export function useApplyForLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyForLoan,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loansQueryKey }),
  });
}
