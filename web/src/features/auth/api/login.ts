import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { sessionQueryKey, sessionResponseParser } from '@/lib/session';

/**
 * POST /api/auth/login: account number and password (SPEC §5: never an email). The answer is a
 * session, read by the session's own zod-free parser (lib/session.ts), so the login page needs no zod.
 */
export function login(input: LoginInput) {
  return api('/api/auth/login', { method: 'POST', body: input, schema: sessionResponseParser });
}

/** Signs in and tells the session query, so the guards see the person at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { handlesErrors: true },
    onSuccess: (session) => {
      // Nothing cached before sign-in belongs to this person.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
