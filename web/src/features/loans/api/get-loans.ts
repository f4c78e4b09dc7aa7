import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { customerLoanPageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

export const loansQueryKey = ['loans'] as const;
/** Applications per page; a customer rarely has more than a handful. */
export const LOANS_PAGE_SIZE = 20;

export const loansQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: loansQueryKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(LOANS_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api(`/api/me/loans?${params.toString()}`, { schema: customerLoanPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** GET /api/me/loans: the customer's applications, newest first, each with its status history. */
export function useLoans() {
  return useInfiniteQuery(loansQueryOptions());
}
