import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** POST /api/auth/admin/verify: the emailed code, the admin's second factor. Signs the admin in. */
export function verifyAdminLogin(input: { email: string; code: string }) {
  return api('/api/auth/admin/verify', { method: 'POST', body: input, schema: sessionResponseSchema });
}

export function useVerifyAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAdminLogin,
    meta: { handlesErrors: true },
    onSuccess: (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
