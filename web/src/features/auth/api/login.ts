import type { LoginInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { sessionResponseParser, signedIn } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';

/**
 * POST /api/auth/login: account number and password (product §5: never an email). The answer is a
 * session, read by the session's own zod-free parser (lib/session.ts), so the login page needs no zod.
 */
export function login(input: LoginInput) {
  return api('/api/auth/login', { method: 'POST', body: input, schema: sessionResponseParser });
}

async function loginAndRecord(input: LoginInput) {
  const session = await login(input);
  signedIn(session);
  return session;
}

/** Signs in and tells the session store, so the guards see the person at once. */
export function useLogin() {
  return useAsyncAction(loginAndRecord);
}
