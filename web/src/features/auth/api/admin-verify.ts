import { sessionResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { signedIn } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/admin/verify: the emailed code, the admin's second factor. Signs the admin in. */
export function verifyAdminLogin(input: { email: string; code: string }) {
  return api('/api/auth/admin/verify', { method: 'POST', body: input, schema: sessionResponseSchema });
}

async function verifyAndRecord(input: { email: string; code: string }) {
  const session = await verifyAdminLogin(input);
  signedIn(session);
  return session;
}

/** Signs the admin in and tells the session store, so the admin guard lets them through. */
export function useVerifyAdminLogin() {
  return useAsyncAction(verifyAndRecord);
}
