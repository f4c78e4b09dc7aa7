import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scheduledTransferSchema, type UpdateScheduledTransferRequest } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { scheduledTransfersQueryKey } from './get-scheduled-transfers';

/** PATCH /api/me/scheduled-transfers/:id: the amount or purpose of the payments still to come. */
export function updateScheduledTransfer({
  id,
  changes,
}: {
  id: string;
  changes: UpdateScheduledTransferRequest;
}) {
  return api(`/api/me/scheduled-transfers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: scheduledTransferSchema,
  });
}

export function useUpdateScheduledTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScheduledTransfer,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey }),
  });
}
