import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMemberSchema, type StaffCreate } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** POST /api/admin/staff: a new staff member with a permission set; the lists refetch after. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreate) =>
      api('/api/admin/staff', { method: 'POST', body, schema: staffMemberSchema }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
