import { recoveryAcceptedSchema, type ForgotAccountNumberInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/account-number/forgot: the same answer whether or not the address banks here. */
export function forgotAccountNumber(input: ForgotAccountNumberInput) {
  return api('/api/auth/account-number/forgot', {
    method: 'POST',
    body: input,
    schema: recoveryAcceptedSchema,
  });
}

export function useForgotAccountNumber() {
  return useAsyncAction(forgotAccountNumber);
}
