import { passwordResetDoneSchema, type ResetPasswordInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/password/reset: the emailed code and the new password; every session ends. */
export function resetPassword(input: ResetPasswordInput) {
  return api('/api/auth/password/reset', { method: 'POST', body: input, schema: passwordResetDoneSchema });
}

export function useResetPassword() {
  return useAsyncAction(resetPassword);
}
