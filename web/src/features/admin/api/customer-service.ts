import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEmailChangeConfirmResponseSchema,
  adminEmailChangeDecisionResponseSchema,
  adminEmailChangeStartResponseSchema,
  adminEmailChangeStatusSchema,
  adminPasswordResetResponseSchema,
  adminUnlockResponseSchema,
  type AdminEmailChangeConfirmInput,
  type AdminEmailChangeStartInput,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * The back office's help for a customer who cannot get in (issue 17): a reset code to their own
 * address, an unlock, an email change confirmed by a code to the new address and approved by a
 * second member of staff (decision 0182). Each takes a reason.
 */
const userUrl = (id: string, action: string) => `/api/admin/users/${encodeURIComponent(id)}/${action}`;

export const sendPasswordReset = (id: string, reason: string) =>
  api(userUrl(id, 'password-reset'), {
    method: 'POST',
    body: { reason },
    schema: adminPasswordResetResponseSchema,
  });

export const unlockSignIn = (id: string, reason: string) =>
  api(userUrl(id, 'unlock'), { method: 'POST', body: { reason }, schema: adminUnlockResponseSchema });

export const startEmailChange = (id: string, input: AdminEmailChangeStartInput) =>
  api(userUrl(id, 'email-change'), {
    method: 'POST',
    body: input,
    schema: adminEmailChangeStartResponseSchema,
  });

export const confirmEmailChange = (id: string, input: AdminEmailChangeConfirmInput) =>
  api(userUrl(id, 'email-change/confirm'), {
    method: 'POST',
    body: input,
    schema: adminEmailChangeConfirmResponseSchema,
  });

/** A second member of staff decides the queued change (decision 0182). */
export const decideEmailChange = (id: string, decision: 'approve' | 'reject', reason: string) =>
  api(userUrl(id, `email-change/${decision}`), {
    method: 'POST',
    body: { reason },
    schema: adminEmailChangeDecisionResponseSchema,
  });

/** The change waiting for approval, or the applied one still cooling off. */
export function useEmailChangeStatus(id: string) {
  return useQuery({
    queryKey: [...adminKeys.user(id), 'email-change'] as const,
    queryFn: ({ signal }) =>
      api(userUrl(id, 'email-change'), { schema: adminEmailChangeStatusSchema, signal }),
  });
}

export function useDecideEmailChange(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: 'approve' | 'reject'; reason: string }) =>
      decideEmailChange(id, decision, reason),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

/** After any of them the file (lock, email) and the audit log changed: refetch what shows them. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSendPasswordReset(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (reason: string) => sendPasswordReset(id, reason),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export function useUnlockSignIn(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (reason: string) => unlockSignIn(id, reason),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export function useStartEmailChange(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (input: AdminEmailChangeStartInput) => startEmailChange(id, input),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

export function useConfirmEmailChange(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (input: AdminEmailChangeConfirmInput) => confirmEmailChange(id, input),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}
