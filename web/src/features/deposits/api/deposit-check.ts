import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { movementResponseSchema, type checkDepositRequestSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { afterMoneyMoved } from '@/lib/money-queries';

export type CheckDepositRequest = z.input<typeof checkDepositRequestSchema>;

export interface DepositCheckVariables {
  request: CheckDepositRequest;
  /** Made when the review opened; the same for every retry of that review. */
  idempotencyKey: string;
}

/** POST /api/deposits/check: 201 `{ transaction, balance, availableBalance }`, the record with its hold. */
export function depositCheck({ request, idempotencyKey }: DepositCheckVariables) {
  return api('/api/deposits/check', {
    method: 'POST',
    body: request,
    headers: idempotencyHeaders(idempotencyKey),
    schema: movementResponseSchema,
  });
}

export function useDepositCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: depositCheck,
    meta: { handlesErrors: true },
    onSuccess: (result) => afterMoneyMoved(queryClient, result),
  });
}
