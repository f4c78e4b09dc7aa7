import { emailChangeStopResponseSchema, type EmailChangeStopInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/**
 * POST /api/auth/email-change/stop (decision 0182): the token from the link mailed to the old
 * address. Cancels a pending staff-help email change, or puts the old address back while the
 * change cools off.
 */
export function stopEmailChange(input: EmailChangeStopInput) {
  return api('/api/auth/email-change/stop', {
    method: 'POST',
    body: input,
    schema: emailChangeStopResponseSchema,
  });
}

export function useStopEmailChange() {
  return useAsyncAction(stopEmailChange);
}
