import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMemberSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * POST /api/admin/staff/:id/invitation (a new link; earlier ones stop working) and
 * /invitation/revoke (withdraw the open link): for members who have not activated (decision 0189).
 */
export function useStaffInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      api(`/api/admin/staff/${encodeURIComponent(id)}/invitation${action === 'revoke' ? '/revoke' : ''}`, {
        method: 'POST',
        body: {},
        schema: staffMemberSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
