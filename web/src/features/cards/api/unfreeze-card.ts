import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unfreezeCardSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { cardResponseSchema } from './freeze-card';
import { storeCard } from './get-cards';

export type UnfreezeCardBody = z.input<typeof unfreezeCardSchema>;

/** POST /api/me/cards/:id/unfreeze `{ password }`: unfreezing asks for the password again. */
export function unfreezeCard({ cardId, body }: { cardId: string; body: UnfreezeCardBody }) {
  return api(`/api/me/cards/${encodeURIComponent(cardId)}/unfreeze`, {
    method: 'POST',
    body,
    schema: cardResponseSchema,
  });
}

export function useUnfreezeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfreezeCard,
    // A wrong password is shown beside the password field, not only as a toast.
    meta: { handlesErrors: true },
    onSuccess: ({ card }) => storeCard(queryClient, card),
  });
}
