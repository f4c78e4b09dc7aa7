import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileSchema, type updateContactSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/me';

export type ContactChange = z.input<typeof updateContactSchema>;

/** PATCH /api/me: the contact fields that changed (the server accepts those six and nothing else). */
export function updateContact(change: ContactChange) {
  return api('/api/me', { method: 'PATCH', body: change, schema: profileSchema });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    meta: { handlesErrors: true },
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey, profile),
  });
}
