import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  scheduledTransferSchema,
  STEP_UP_TOKEN_HEADER,
  type UpdateScheduledTransferRequest,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { scheduledTransfersQueryKey } from './get-scheduled-transfers';

/**
 * PATCH /api/me/scheduled-transfers/:id: the amount or purpose of the payments still to come, or
 * the first payment's day (decision 0202). A new amount follows the step-up rule (decision 0137):
 * its proof is bound to `idempotencyKey`, made when the change was confirmed.
 */
export function updateScheduledTransfer({
  id,
  changes,
  idempotencyKey,
  stepUpToken,
}: {
  id: string;
  changes: UpdateScheduledTransferRequest;
  idempotencyKey?: string | undefined;
  stepUpToken?: string | null | undefined;
}) {
  return api(`/api/me/scheduled-transfers/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    headers: {
      ...(idempotencyKey ? idempotencyHeaders(idempotencyKey) : {}),
      ...(stepUpToken ? { [STEP_UP_TOKEN_HEADER]: stepUpToken } : {}),
    },
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
