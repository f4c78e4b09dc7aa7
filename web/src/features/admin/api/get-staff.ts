import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STAFF_PAGE_SIZE_MAX, staffPageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

/** GET /api/admin/staff: every staff member with their permission set, oldest first, keyset pages. */
export const staffQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.staff(),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/staff${toQueryString({ cursor: pageParam, limit: STAFF_PAGE_SIZE_MAX })}`, {
        schema: staffPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useStaff() {
  return useInfiniteQuery(staffQueryOptions());
}
