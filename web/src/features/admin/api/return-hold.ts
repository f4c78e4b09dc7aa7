import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminHoldActionResponseSchema, type AdminHoldAction } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/holds/:id/return: the check bounced. The server reverses the deposit with a
 * Returned Check record and emails the customer. Answers with the hold as it now is; a hold already
 * released or returned is refused (409).
 */
export function returnHold(holdId: string, request: AdminHoldAction) {
  return api(`/api/admin/holds/${encodeURIComponent(holdId)}/return`, {
    method: 'POST',
    body: request,
    schema: adminHoldActionResponseSchema,
  });
}

export function useReturnHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId, request }: { holdId: string; request: AdminHoldAction }) =>
      returnHold(holdId, request),
    meta: { handlesErrors: true },
    // Every admin list and file may show the money it moved (the customer's balance went down).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
