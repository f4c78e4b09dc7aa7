import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { transactionRecordSchema, type TransactionRecord } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/money-queries';

type RecordPage = { items: TransactionRecord[]; nextCursor: string | null };

/**
 * GET /api/me/transactions/:id — one record, for the detail view. A record already on screen in a
 * list is shown at once (placeholder) while the detail is read; a link from elsewhere loads it.
 */
export function useTransaction(id: string | null) {
  const queryClient = useQueryClient();
  const shownInAList = (): TransactionRecord | undefined => {
    for (const [, data] of queryClient.getQueriesData<InfiniteData<RecordPage>>({
      queryKey: [...transactionsQueryKey, 'list'],
    })) {
      const found = data?.pages.flatMap((page) => page.items).find((record) => record.id === id);
      if (found) return found;
    }
    return undefined;
  };
  return useQuery<TransactionRecord>({
    queryKey: [...transactionsQueryKey, 'detail', id],
    queryFn: ({ signal }) =>
      api(`/api/me/transactions/${encodeURIComponent(id ?? '')}`, {
        schema: transactionRecordSchema,
        signal,
      }),
    enabled: id !== null,
    placeholderData: shownInAList,
  });
}
