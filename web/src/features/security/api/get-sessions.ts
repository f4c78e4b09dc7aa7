import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SESSIONS_PAGE_SIZE_DEFAULT, sessionsResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { pageQuery, securityKeys } from './security-keys';

/** GET /api/me/sessions: this device first, then the other signed-in devices, keyset pages. */
export const sessionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/me/sessions${pageQuery(pageParam, SESSIONS_PAGE_SIZE_DEFAULT)}`, {
        schema: sessionsResponseSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSessions() {
  return useInfiniteQuery(sessionsQueryOptions());
}
