import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, type adminCreateRecordSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { afterManualMovement, manualMovementSchema } from './patch-user-balance';

export type NewRecord = z.input<typeof adminCreateRecordSchema>;

/** POST /api/admin/transactions: a record for a customer, credit or debit, moving their balance. */
export function createTransaction(record: NewRecord, idempotencyKey: string) {
  return api('/api/admin/transactions', {
    method: 'POST',
    body: record,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: manualMovementSchema,
  });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, idempotencyKey }: { record: NewRecord; idempotencyKey: string }) =>
      createTransaction(record, idempotencyKey),
    meta: { handlesErrors: true },
    onSuccess: (result) => afterManualMovement(queryClient, result),
  });
}
