import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterManualMovement, manualMovementSchema } from './patch-user-balance';

export interface RecordEdit {
  id: string;
  amount: string;
  /** ISO 8601 with offset. */
  createdAt: string;
  reason: string;
}

/**
 * PATCH /api/admin/transactions/:id: a new amount and date/time. The server posts an adjusting
 * entry for the difference and keeps the before/after in the record's history (DESIGN §0).
 */
export function editTransaction({ id, ...body }: RecordEdit) {
  return api(`/api/admin/transactions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: manualMovementSchema,
  });
}

export function useEditTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTransaction,
    meta: { handlesErrors: true },
    onSuccess: (result) => afterManualMovement(queryClient, result),
  });
}
