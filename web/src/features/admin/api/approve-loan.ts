import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminLoanApproveResponseSchema, IDEMPOTENCY_KEY_HEADER } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/loans/:id/approve: pays the loan out to the applicant (a LOAN record) and marks
 * it Approved, in one transaction. The key makes a retried confirmation pay once.
 */
export function approveLoan(id: string, idempotencyKey: string) {
  return api(`/api/admin/loans/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: adminLoanApproveResponseSchema,
  });
}

export function useApproveLoan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => approveLoan(id, idempotencyKey),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
