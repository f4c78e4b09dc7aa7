import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moneyRequestDecisionSchema, type MoneyRequestReject } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** POST /api/admin/requests/:id/reject: another staff member's request is refused, with a reason; nothing moves. */
export function rejectMoneyRequest(requestId: string, request: MoneyRequestReject) {
  return api(`/api/admin/requests/${encodeURIComponent(requestId)}/reject`, {
    method: 'POST',
    body: request,
    schema: moneyRequestDecisionSchema,
  });
}

export function useRejectMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, request }: { requestId: string; request: MoneyRequestReject }) =>
      rejectMoneyRequest(requestId, request),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
