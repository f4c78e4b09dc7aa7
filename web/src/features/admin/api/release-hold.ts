import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminHoldActionResponseSchema, type AdminHoldAction } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/holds/:id/release: the reviewer ends a hold early; the money is available now.
 * Answers with the hold as it now is; a hold already released or returned is refused (409).
 */
export function releaseHold(holdId: string, request: AdminHoldAction) {
  return api(`/api/admin/holds/${encodeURIComponent(holdId)}/release`, {
    method: 'POST',
    body: request,
    schema: adminHoldActionResponseSchema,
  });
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ holdId, request }: { holdId: string; request: AdminHoldAction }) =>
      releaseHold(holdId, request),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
