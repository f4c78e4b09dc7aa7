import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/money-queries';
import { recentRecipientsParser } from './overview-parsers';

/**
 * GET /api/me/recent-recipients: the few people this customer paid lately (issue 18). Keyed under
 * the transactions prefix, so a transfer refreshes it with the records. Parsed without zod, as
 * the overview's other first requests are (decision 0018).
 */
export function useRecentRecipients() {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'recent-recipients'],
    queryFn: ({ signal }) => api('/api/me/recent-recipients', { schema: recentRecipientsParser, signal }),
  });
}
