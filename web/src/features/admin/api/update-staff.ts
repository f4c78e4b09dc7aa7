import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMemberSchema, type StaffUpdate } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** PATCH /api/admin/staff/:id: change a permission set, or disable or enable a staff member. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffUpdate & { id: string }) =>
      api(`/api/admin/staff/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        schema: staffMemberSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
