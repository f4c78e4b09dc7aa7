import { useMutation } from '@tanstack/react-query';
import { adminLoginStartResponseSchema, type AdminLoginInput } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** POST /api/auth/admin/login: email and password; on success (202) a code goes to the admin's email. */
export function startAdminLogin(input: AdminLoginInput) {
  return api('/api/auth/admin/login', { method: 'POST', body: input, schema: adminLoginStartResponseSchema });
}

export function useStartAdminLogin() {
  return useMutation({ mutationFn: startAdminLogin, meta: { handlesErrors: true } });
}
