import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserDetailSchema, type AdminUserUpdateInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** PATCH /api/admin/users/:id: changed profile fields, status or account limit, with the reason. */
export function updateUser(id: string, change: AdminUserUpdateInput) {
  return api(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    schema: adminUserDetailSchema,
  });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminUserUpdateInput) => updateUser(id, change),
    meta: { handlesErrors: true },
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminKeys.user(id), detail);
      // The lists show name, status and limit; the overview counts statuses; the audit log grew.
      await queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => query.queryKey[1] !== 'user' || query.queryKey[2] !== id,
      });
    },
  });
}
