import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_NUMBER_PATTERN,
  adminUserPageSchema,
  type AdminUserSort,
  type SortOrder,
  type UserStatus,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys, toQueryString } from './admin-query-keys';

export interface UserListFilter {
  q?: string;
  status?: UserStatus;
  sort: AdminUserSort;
  order: SortOrder;
}

/** Rows per page: one screenful on a laptop, small enough to answer fast. */
export const USERS_PAGE_SIZE = 25;

/** GET /api/admin/users: customers, searched, filtered and sorted on the server, keyset pages. */
export function getUsers(filter: UserListFilter, cursor: string | undefined, signal?: AbortSignal) {
  const query = toQueryString({ ...filter, cursor, limit: USERS_PAGE_SIZE });
  return api(`/api/admin/users${query}`, { schema: adminUserPageSchema, signal });
}

export const usersQueryOptions = (filter: UserListFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(filter),
    queryFn: ({ pageParam, signal }) => getUsers(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useUsers(filter: UserListFilter) {
  return useInfiniteQuery(usersQueryOptions(filter));
}

/**
 * The customer who holds exactly this account number, or null. The directory's search matches
 * account numbers by prefix, so a whole number finds at most its holder; the exact comparison
 * makes sure of it. Asks nothing until the number is complete.
 */
export function useUserByAccountNumber(accountNumber: string) {
  return useQuery({
    queryKey: [...adminKeys.all, 'user-by-account', accountNumber],
    queryFn: async ({ signal }) => {
      const page = await getUsers({ q: accountNumber, sort: 'createdAt', order: 'desc' }, undefined, signal);
      return page.items.find((user) => user.accountNumber === accountNumber) ?? null;
    },
    enabled: ACCOUNT_NUMBER_PATTERN.test(accountNumber),
  });
}
