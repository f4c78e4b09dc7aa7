import { z } from 'zod';
import {
  emailSchema,
  LOGIN_FIELD_LENGTH_MAX,
  NAME_LENGTH_MAX,
  passwordSchema,
  userStatusSchema,
} from './auth';
import { staffRoleSchema } from './staff';

/**
 * The Staff page (issue 19, decision 0168): GET/POST /api/admin/staff, PATCH /api/admin/staff/:id.
 * Kept apart from staff.ts, which the session schema imports, so neither file imports the other.
 */

/** Staff are few; one page of this many is the whole list for any bank we serve. */
export const STAFF_PAGE_SIZE_MAX = 100;
export const STAFF_CURSOR_LENGTH_MAX = 200;

/**
 * Decision 0189: how long an emailed staff invitation link can be used (once), in hours. Three
 * days covers a weekend; an administrator sends a new link when it runs out.
 */
export const STAFF_INVITATION_TTL_HOURS = 72;
/**
 * Decision 0190: a staff member newly created or whose permission set changed cannot approve money
 * requests for this many hours, and nobody approves a request made by someone they created or
 * promoted within it. Long enough for another administrator to notice (the Staff page and the
 * audit log show the change); short enough not to stall a real new hire.
 */
export const APPROVER_COOLING_OFF_HOURS = 48;
/** An invitation token is 32 random bytes in base64url (43 characters); anything longer is refused. */
export const STAFF_INVITATION_TOKEN_LENGTH_MAX = 64;

/** Where a staff member's invitation stands; null once they have activated their account. */
export const staffInvitationStateSchema = z.object({
  state: z.enum(['pending', 'expired', 'revoked']),
  expiresAt: z.string(),
});

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
  staffRole: staffRoleSchema,
  status: userStatusSchema,
  createdAt: z.string(),
  /** Invited by an administrator and not yet activated (decision 0189); null otherwise. */
  invitation: staffInvitationStateSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListQuerySchema = z.strictObject({
  cursor: z.string().max(STAFF_CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(STAFF_PAGE_SIZE_MAX),
});

export const staffPageSchema = z.object({
  items: z.array(staffMemberSchema),
  nextCursor: z.string().nullable(),
});

const staffName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(NAME_LENGTH_MAX, `Use at most ${NAME_LENGTH_MAX} characters`);

/**
 * A new staff member (decision 0189): no password — they are emailed a single-use invitation link
 * and choose their own; then they sign in at /admin/login with it and an emailed code.
 */
export const staffCreateSchema = z.strictObject({
  email: emailSchema,
  firstName: staffName,
  surname: staffName,
  staffRole: staffRoleSchema,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

/** Change a staff member's set, or disable (`suspended`) or enable (`active`) them; one or both. */
export const staffUpdateSchema = z
  .strictObject({
    staffRole: staffRoleSchema.optional(),
    status: z.enum(['active', 'suspended']).optional(),
  })
  .refine((v) => v.staffRole !== undefined || v.status !== undefined, {
    message: 'Nothing to change.',
  });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

const invitationToken = z.string().min(1).max(STAFF_INVITATION_TOKEN_LENGTH_MAX);

/** POST /api/auth/staff-invitation/lookup: who the link is for, before they choose a password. */
export const staffInvitationLookupSchema = z.strictObject({ token: invitationToken });
export const staffInvitationSummarySchema = z.object({
  email: z.string(),
  firstName: z.string(),
  expiresAt: z.string(),
});
export type StaffInvitationSummary = z.infer<typeof staffInvitationSummarySchema>;

/** POST /api/auth/staff-invitation/complete: the invitee's own password, under the password policy. */
export const staffInvitationCompleteSchema = z
  .strictObject({
    token: invitationToken,
    newPassword: passwordSchema,
    confirmPassword: z.string().max(LOGIN_FIELD_LENGTH_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type StaffInvitationComplete = z.input<typeof staffInvitationCompleteSchema>;
export const staffInvitationDoneSchema = z.object({ ok: z.literal(true), email: z.string() });
