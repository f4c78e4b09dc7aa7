import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { securityEventsResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

/** Events shown per page in a customer's file; older ones load on request. */
export const SECURITY_EVENTS_PAGE_SIZE = 10;

/** GET /api/admin/users/:id/security-events: what the customer sees on their security page. */
export const securityEventsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.securityEvents(userId),
    queryFn: ({ pageParam, signal }) =>
      api(
        `/api/admin/users/${encodeURIComponent(userId)}/security-events${toQueryString({ cursor: pageParam, limit: SECURITY_EVENTS_PAGE_SIZE })}`,
        { schema: securityEventsResponseSchema, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSecurityEvents(userId: string) {
  return useInfiniteQuery(securityEventsQueryOptions(userId));
}
