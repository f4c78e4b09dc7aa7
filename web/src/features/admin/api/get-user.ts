import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/users/:id: the customer's file (profile with SSN last four, counts, latest records and loans). */
export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) =>
      api(`/api/admin/users/${encodeURIComponent(id)}`, { schema: adminUserDetailSchema, signal }),
  });

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
