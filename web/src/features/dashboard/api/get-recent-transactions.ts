import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/money-queries';
import { transactionPageParser } from './overview-parsers';

/** The overview shows this many of the newest records. */
export const RECENT_RECORDS_SHOWN = 5;

/**
 * GET /api/me/transactions?limit=5: the newest records for the overview. Keyed under the shared
 * transactions prefix, so a transfer or a live balance change refreshes it with the statement.
 */
export function useRecentTransactions() {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'recent', RECENT_RECORDS_SHOWN],
    queryFn: ({ signal }) =>
      api(`/api/me/transactions?limit=${RECENT_RECORDS_SHOWN}`, { schema: transactionPageParser, signal }),
  });
}
