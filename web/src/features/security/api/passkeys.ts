import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  passkeyListSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  STEP_UP_TOKEN_HEADER,
  type WebauthnOptions,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';

export const passkeysQueryKey = ['me', 'passkeys'] as const;
const okSchema = z.object({ ok: z.literal(true) });

/** GET /api/me/passkeys: the customer's passkeys (a short list, one page). */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => api('/api/me/passkeys', { schema: passkeyListSchema, signal }),
  });
}

/** The passkey prompt: the browser creates a credential for these options. */
async function createCredential(options: WebauthnOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as never });
}

/**
 * Adding a passkey: POST /api/me/passkeys/options with the password (decision 0136) and the proof
 * of the second factor the customer already has (decision 0185), the browser's prompt, then
 * POST /api/me/passkeys with the answer and a name.
 */
export async function addPasskey(input: { password: string; name: string; stepUpToken: string }) {
  const { options } = await api('/api/me/passkeys/options', {
    method: 'POST',
    body: { password: input.password },
    headers: { [STEP_UP_TOKEN_HEADER]: input.stepUpToken },
    schema: passkeyOptionsResponseSchema,
  });
  const response = await createCredential(options);
  return api('/api/me/passkeys', {
    method: 'POST',
    body: { name: input.name, response },
    schema: passkeySchema,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

/** DELETE /api/me/passkeys/:id, with the proof of the second factor (decision 0185). */
export function removePasskey({ id, stepUpToken }: { id: string; stepUpToken: string }) {
  return api(`/api/me/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { [STEP_UP_TOKEN_HEADER]: stepUpToken },
    schema: okSchema,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
