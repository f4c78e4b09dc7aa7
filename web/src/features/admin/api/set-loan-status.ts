import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminLoanDetailSchema, type AdminLoanStatusRequest } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** PATCH /api/admin/loans/:id: any status but Approved (approval pays out: approve-loan.ts). */
export function setLoanStatus(id: string, change: AdminLoanStatusRequest) {
  return api(`/api/admin/loans/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    schema: adminLoanDetailSchema,
  });
}

export function useSetLoanStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminLoanStatusRequest) => setLoanStatus(id, change),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
