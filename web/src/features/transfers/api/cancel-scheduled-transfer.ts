import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduledTransferSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { scheduledTransfersQueryKey } from './get-scheduled-transfers';

/** DELETE /api/me/scheduled-transfers/:id: no payment of the series still to come is made. */
export function cancelScheduledTransfer(id: string) {
  return api(`/api/me/scheduled-transfers/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: scheduledTransferSchema,
  });
}

export function useCancelScheduledTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledTransfer,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey }),
  });
}
