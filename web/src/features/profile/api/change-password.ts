import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { STEP_UP_TOKEN_HEADER, type changePasswordSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/me/password: every other session of this person ends; this one stays. */
export function changePassword({
  stepUpToken,
  ...input
}: ChangePasswordInput & { stepUpToken: string | null }) {
  // A customer's change carries the proof of their second factor (decision 0185).
  return api('/api/me/password', {
    method: 'POST',
    body: input,
    headers: stepUpToken ? { [STEP_UP_TOKEN_HEADER]: stepUpToken } : {},
    schema: okSchema,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { handlesErrors: true } });
}
