import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { cardsResponseSchema, type Card } from '@larkspur/contract';
import { api } from '@/lib/api-client';

export const cardsQueryKey = ['cards'] as const;

export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: cardsQueryKey,
    queryFn: ({ signal }) => api('/api/me/cards', { schema: cardsResponseSchema, signal }),
  });

/** GET /api/me/cards: the customer's cards, numbers masked. */
export function useCards() {
  return useQuery(cardsQueryOptions());
}

/**
 * Puts a card the server answered with into the list, so its new status shows at once, then reads
 * the list again for the card's history (the freeze or unfreeze just recorded).
 */
export function storeCard(queryClient: QueryClient, card: Card): void {
  queryClient.setQueryData(cardsQueryOptions().queryKey, (list) =>
    list
      ? {
          items: list.items.map((item) =>
            item.id === card.id ? { ...card, recentActivity: item.recentActivity } : item,
          ),
        }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: cardsQueryKey });
}
