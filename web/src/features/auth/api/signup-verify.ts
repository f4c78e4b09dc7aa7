import { signupVerifyResponseSchema, type SignupInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';

export type SignupVerifyInput = SignupInput & { code: string };

/** POST /api/auth/signup/verify: the same application plus the code; opens the account and signs in. */
export function verifySignup(input: SignupVerifyInput) {
  return api('/api/auth/signup/verify', { method: 'POST', body: input, schema: signupVerifyResponseSchema });
}

async function verifyAndRecord(input: SignupVerifyInput) {
  const opened = await verifySignup(input);
  signedIn({ user: opened.user, idleExpiresAt: opened.idleExpiresAt });
  return opened;
}

/** Opens the account and tells the session store: the new customer is signed in. */
export function useVerifySignup() {
  return useAsyncAction(verifyAndRecord);
}
