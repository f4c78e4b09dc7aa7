import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SECURITY_EVENTS_PAGE_SIZE_DEFAULT, securityEventsResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { pageQuery, securityKeys } from './security-keys';

/** GET /api/me/security-events: the customer's own security events, newest first, keyset pages. */
export const securityEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: securityKeys.events(),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/me/security-events${pageQuery(pageParam, SECURITY_EVENTS_PAGE_SIZE_DEFAULT)}`, {
        schema: securityEventsResponseSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSecurityEvents() {
  return useInfiniteQuery(securityEventsQueryOptions());
}
