import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { customerTransactionPageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/money-queries';
import { toSearchParams, type TransactionFilters } from '../components/filter-params';

/** Records per "Load more": a screenful on a laptop, a few on a phone. */
export const TRANSACTIONS_PAGE_SIZE = 25;

export const transactionsQueryOptions = (filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => {
      const params = toSearchParams(filters);
      params.set('limit', String(TRANSACTIONS_PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return api(`/api/me/transactions?${params.toString()}`, {
        schema: customerTransactionPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** GET /api/me/transactions: the customer's records, newest first, one keyset page at a time. */
export function useTransactions(filters: TransactionFilters) {
  return useInfiniteQuery(transactionsQueryOptions(filters));
}

/** GET /api/me/transactions.csv with the same filters: a plain link, so the browser downloads it. */
export function transactionsCsvUrl(filters: TransactionFilters): string {
  const query = toSearchParams(filters).toString();
  return `/api/me/transactions.csv${query ? `?${query}` : ''}`;
}
