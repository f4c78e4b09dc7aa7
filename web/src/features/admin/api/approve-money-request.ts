import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyRequestDecisionSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/requests/:id/approve: another staff member's request is approved and its money
 * moves now, once. Answers with the request: approved, or failed with the refusal (e.g. the
 * customer no longer has the funds); 403 for one's own request, 409 for one already decided.
 */
export function approveMoneyRequest(requestId: string) {
  return api(`/api/admin/requests/${encodeURIComponent(requestId)}/approve`, {
    method: 'POST',
    body: {},
    schema: moneyRequestDecisionSchema,
  });
}

export function useApproveMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMoneyRequest,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
