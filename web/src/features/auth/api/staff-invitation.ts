import {
  staffInvitationDoneSchema,
  staffInvitationSummarySchema,
  type StaffInvitationComplete,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { useAsyncAction } from '@/lib/use-async-action';

/** POST /api/auth/staff-invitation/lookup: who an invitation link is for, while it can be used. */
export function lookupStaffInvitation(token: string) {
  return api('/api/auth/staff-invitation/lookup', {
    method: 'POST',
    body: { token },
    schema: staffInvitationSummarySchema,
  });
}

/** POST /api/auth/staff-invitation/complete: uses the link once with the invitee's own password. */
export function completeStaffInvitation(input: StaffInvitationComplete) {
  return api('/api/auth/staff-invitation/complete', {
    method: 'POST',
    body: input,
    schema: staffInvitationDoneSchema,
  });
}

export function useLookupStaffInvitation() {
  return useAsyncAction(lookupStaffInvitation);
}

export function useCompleteStaffInvitation() {
  return useAsyncAction(completeStaffInvitation);
}
