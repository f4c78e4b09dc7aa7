import { adminLoginStartResponseSchema, type AdminLoginInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/admin/login: email and password; on success (202) a code goes to the admin's email. */
export function startAdminLogin(input: AdminLoginInput) {
  return api('/api/auth/admin/login', { method: 'POST', body: input, schema: adminLoginStartResponseSchema });
}

export function useStartAdminLogin() {
  return useAsyncAction(startAdminLogin);
}
