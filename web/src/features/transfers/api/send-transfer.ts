import { useMutation, useQueryClient } from '@tanstack/react-query';
import { movementResponseSchema, STEP_UP_TOKEN_HEADER, type TransferRequest } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { afterMoneyMoved } from '@/lib/money-queries';

export interface SendTransferVariables {
  request: TransferRequest;
  /** Made when the review opened; the same for every retry of that review. */
  idempotencyKey: string;
  /** The step-up proof for this transfer, when the server asked for one (decision 0137). */
  stepUpToken?: string | null;
}

/** POST /api/transfers: 201 `{ transaction, balance }`. */
export function sendTransfer({ request, idempotencyKey, stepUpToken }: SendTransferVariables) {
  return api('/api/transfers', {
    method: 'POST',
    body: request,
    headers: {
      ...idempotencyHeaders(idempotencyKey),
      ...(stepUpToken ? { [STEP_UP_TOKEN_HEADER]: stepUpToken } : {}),
    },
    schema: movementResponseSchema,
  });
}

export function useSendTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTransfer,
    // The review shows the error beside the field it concerns, and a toast.
    meta: { handlesErrors: true },
    onSuccess: (result) => afterMoneyMoved(queryClient, result),
  });
}
