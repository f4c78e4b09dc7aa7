import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionsQueryKey } from '@/lib/money-queries';
import { transactionPageParser } from './overview-parsers';

/**
 * The newest check deposits read to date the overview's on-hold line. Holds last days, not weeks,
 * and a customer deposits at most a few checks an hour, so the newest page holds every active hold
 * in practice; the line names a date only when the holds read add up to what the profile says is
 * held (components/ui/hold-text.ts).
 */
export const HELD_DEPOSITS_READ = 100;

/** GET /api/me/transactions?type=Check Deposit: only asked for while something is on hold. */
export function useHeldDeposits(enabled: boolean) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'check-deposits', HELD_DEPOSITS_READ],
    queryFn: ({ signal }) =>
      api(`/api/me/transactions?type=Check%20Deposit&limit=${HELD_DEPOSITS_READ}`, {
        schema: transactionPageParser,
        signal,
      }),
    enabled,
  });
}
