import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  STEP_UP_TOKEN_HEADER,
  scheduledTransferSchema,
  type ScheduleInput,
  type TransferRequest,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { scheduledTransfersQueryKey } from './get-scheduled-transfers';

export interface CreateScheduledVariables {
  request: TransferRequest;
  schedule: ScheduleInput;
  /** Made when the review opened; binds the step-up proof and makes a retry create one series. */
  idempotencyKey: string;
  stepUpToken?: string | null;
}

/** POST /api/me/scheduled-transfers: 201 with the new series. */
export function createScheduledTransfer({
  request,
  schedule,
  idempotencyKey,
  stepUpToken,
}: CreateScheduledVariables) {
  return api('/api/me/scheduled-transfers', {
    method: 'POST',
    body: { transfer: request, schedule },
    headers: {
      ...idempotencyHeaders(idempotencyKey),
      ...(stepUpToken ? { [STEP_UP_TOKEN_HEADER]: stepUpToken } : {}),
    },
    schema: scheduledTransferSchema,
  });
}

export function useCreateScheduledTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduledTransfer,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledTransfersQueryKey }),
  });
}
