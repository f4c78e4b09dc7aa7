import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminLoanDetailSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/loans/:id: one application or inquiry with its status history. */
export const loanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.loan(id),
    queryFn: ({ signal }) =>
      api(`/api/admin/loans/${encodeURIComponent(id)}`, { schema: adminLoanDetailSchema, signal }),
  });

export function useLoan(id: string) {
  return useQuery(loanQueryOptions(id));
}
