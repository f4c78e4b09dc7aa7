import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminHoldPageSchema, type HoldStatus } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export const HOLDS_PAGE_SIZE = 25;

/** GET /api/admin/holds: check-deposit holds of one status (active by default), newest first. */
export const holdsQueryOptions = (status: HoldStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.holds({ status }),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/holds${toQueryString({ status, cursor: pageParam, limit: HOLDS_PAGE_SIZE })}`, {
        schema: adminHoldPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useHolds(status: HoldStatus) {
  return useInfiniteQuery(holdsQueryOptions(status));
}

/** Where the two photos of a held check are served (admin only; the server re-encoded them). */
export function holdImageUrl(holdId: string, side: 'front' | 'back'): string {
  return `/api/admin/holds/${encodeURIComponent(holdId)}/images/${side}`;
}
