import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { cardSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { storeCard } from './get-cards';

export const cardResponseSchema = z.object({ card: cardSchema });

/** POST /api/me/cards/:id/freeze — no body (the API client adds the CSRF header for bodyless POSTs). */
export function freezeCard(cardId: string) {
  return api(`/api/me/cards/${encodeURIComponent(cardId)}/freeze`, {
    method: 'POST',
    schema: cardResponseSchema,
  });
}

export function useFreezeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freezeCard,
    onSuccess: ({ card }) => storeCard(queryClient, card),
  });
}
