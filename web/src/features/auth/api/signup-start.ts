import { useMutation } from '@tanstack/react-query';
import { signupStartResponseSchema, type SignupInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** POST /api/auth/signup/start: checks the application and emails a 6-digit code (also to resend it). */
export function startSignup(input: SignupInput) {
  return api('/api/auth/signup/start', { method: 'POST', body: input, schema: signupStartResponseSchema });
}

export function useStartSignup() {
  return useMutation({ mutationFn: startSignup, meta: { handlesErrors: true } });
}
