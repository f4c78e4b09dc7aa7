import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { moneyRequestPageSchema, type MoneyRequestState } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export const MONEY_REQUESTS_PAGE_SIZE = 20;
/** How often the nav's pending count is refreshed while the console is open. */
const PENDING_COUNT_REFRESH_MS = 60_000;

/** GET /api/admin/requests: maker-checker requests of one state, newest first; `mine`: my own. */
export const moneyRequestsQueryOptions = (state: MoneyRequestState, mine: boolean) =>
  infiniteQueryOptions({
    queryKey: adminKeys.moneyRequests({ state, mine }),
    queryFn: ({ pageParam, signal }) =>
      api(
        `/api/admin/requests${toQueryString({
          state,
          mine: mine ? 'true' : undefined,
          cursor: pageParam,
          limit: MONEY_REQUESTS_PAGE_SIZE,
        })}`,
        { schema: moneyRequestPageSchema, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useMoneyRequests(state: MoneyRequestState, mine: boolean) {
  return useInfiniteQuery(moneyRequestsQueryOptions(state, mine));
}

/**
 * The queue's counts per state and the approval threshold, from one one-item page: for the nav's
 * pending count, the overview and the money dialogs' "needs approval" note.
 */
export const moneyRequestSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.moneyRequests({ summary: true }),
    queryFn: async ({ signal }) => {
      const page = await api(`/api/admin/requests${toQueryString({ state: 'pending', limit: 1 })}`, {
        schema: moneyRequestPageSchema,
        signal,
      });
      return { counts: page.counts, threshold: page.threshold };
    },
    refetchInterval: PENDING_COUNT_REFRESH_MS,
  });

export function useMoneyRequestSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...moneyRequestSummaryQueryOptions(), enabled });
}
