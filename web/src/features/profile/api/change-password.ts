import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { changePasswordSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/me/password: every other session of this person ends; this one stays. */
export function changePassword(input: ChangePasswordInput) {
  return api('/api/me/password', { method: 'POST', body: input, schema: okSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { handlesErrors: true } });
}
