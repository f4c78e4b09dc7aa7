import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signupVerifyResponseSchema, type SignupInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

export type SignupVerifyInput = SignupInput & { code: string };

/** POST /api/auth/signup/verify: the same application plus the code; opens the account and signs in. */
export function verifySignup(input: SignupVerifyInput) {
  return api('/api/auth/signup/verify', { method: 'POST', body: input, schema: signupVerifyResponseSchema });
}

export function useVerifySignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignup,
    meta: { handlesErrors: true },
    onSuccess: ({ user, idleExpiresAt }) => {
      queryClient.setQueryData(sessionQueryKey, { user, idleExpiresAt });
    },
  });
}
