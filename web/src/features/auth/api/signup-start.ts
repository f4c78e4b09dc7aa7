import { signupStartResponseSchema, type SignupInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/signup/start: checks the application and emails a 6-digit code (also to resend it). */
export function startSignup(input: SignupInput) {
  return api('/api/auth/signup/start', { method: 'POST', body: input, schema: signupStartResponseSchema });
}

export function useStartSignup() {
  return useAsyncAction(startSignup);
}
