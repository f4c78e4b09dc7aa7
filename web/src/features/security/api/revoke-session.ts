import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeSessionResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { securityKeys } from './security-keys';

/** DELETE /api/me/sessions/:id: signs that device out at once. */
export function revokeSession(sessionId: string) {
  return api(`/api/me/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: revokeSessionResponseSchema,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
