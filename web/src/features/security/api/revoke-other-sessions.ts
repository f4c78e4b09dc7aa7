import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeOtherSessionsResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** POST /api/me/sessions/revoke-others: signs every other device out; this one stays signed in. */
export function revokeOtherSessions() {
  return api('/api/me/sessions/revoke-others', {
    method: 'POST',
    schema: revokeOtherSessionsResponseSchema,
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
