import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { afterManualMovement, manualMovementSchema } from './patch-user-balance';
import type { MoneyMovement } from './money-movement';

/** POST /api/admin/users/:id/credit: the deposit helper: a Deposit record and a higher balance. */
export function creditUser({ userId, amount, reason, idempotencyKey }: MoneyMovement) {
  return api(`/api/admin/users/${encodeURIComponent(userId)}/credit`, {
    method: 'POST',
    body: { amount, reason },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: manualMovementSchema,
  });
}

export function useCreditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditUser,
    meta: { handlesErrors: true },
    onSuccess: (result) => afterManualMovement(queryClient, result),
  });
}
