import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { afterManualMovement, manualMovementSchema } from './patch-user-balance';
import type { MoneyMovement } from './money-movement';

/** POST /api/admin/users/:id/debit: the withdrawal helper: a Withdrawal record and a lower balance; never below zero. */
export function debitUser({ userId, amount, reason, idempotencyKey }: MoneyMovement) {
  return api(`/api/admin/users/${encodeURIComponent(userId)}/debit`, {
    method: 'POST',
    body: { amount, reason },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: manualMovementSchema,
  });
}

export function useDebitUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: debitUser,
    meta: { handlesErrors: true },
    onSuccess: (result) => afterManualMovement(queryClient, result),
  });
}
