import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminLoanPageSchema, type LoanSource, type LoanStatus, type LoanType } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export interface LoanFilter {
  status?: LoanStatus;
  loanType?: LoanType;
  source?: LoanSource;
}

export const LOANS_PAGE_SIZE = 25;

/** GET /api/admin/loans: applications and visitor inquiries, newest first, keyset pages. */
export const loansQueryOptions = (filter: LoanFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.loans(filter),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/loans${toQueryString({ ...filter, cursor: pageParam, limit: LOANS_PAGE_SIZE })}`, {
        schema: adminLoanPageSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useLoans(filter: LoanFilter) {
  return useInfiniteQuery(loansQueryOptions(filter));
}
