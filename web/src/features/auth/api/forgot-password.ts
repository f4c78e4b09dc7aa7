import { recoveryAcceptedSchema, type ForgotPasswordInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/**
 * POST /api/auth/password/forgot: an account number or email address. The answer is the same
 * whether or not it matched; when it did, a 6-digit code is on its way by email.
 */
export function forgotPassword(input: ForgotPasswordInput) {
  return api('/api/auth/password/forgot', { method: 'POST', body: input, schema: recoveryAcceptedSchema });
}

export function useForgotPassword() {
  return useAsyncAction(forgotPassword);
}
