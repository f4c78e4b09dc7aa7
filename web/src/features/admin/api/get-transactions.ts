import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageOf, transactionRecordSchema, type Direction, type RecordType } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export interface TransactionFilter {
  type?: RecordType;
  direction?: Direction;
  userId?: string;
  /** A customer's name, email or part of an account number; the server finds them (decision 0169). */
  customer?: string;
  /** YYYY-MM-DD, UTC days, both inclusive. */
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  q?: string;
}

export const TRANSACTIONS_PAGE_SIZE = 50;
const recordPageSchema = pageOf(transactionRecordSchema);

/** GET /api/admin/transactions: every record, newest first, filtered on the server, keyset pages. */
export const transactionsQueryOptions = (filter: TransactionFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.transactions(filter),
    queryFn: ({ pageParam, signal }) =>
      api(
        `/api/admin/transactions${toQueryString({ ...filter, cursor: pageParam, limit: TRANSACTIONS_PAGE_SIZE })}`,
        {
          schema: recordPageSchema,
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTransactions(filter: TransactionFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...transactionsQueryOptions(filter), enabled });
}

/** GET /api/admin/transactions.csv with the list's filter: a plain link, so the browser downloads it. */
export function transactionsCsvUrl(filter: TransactionFilter): string {
  return `/api/admin/transactions.csv${toQueryString({ ...filter })}`;
}
