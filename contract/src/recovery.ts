import { z } from 'zod';
import { reasonSchema } from './banking';
import { EMAIL_LENGTH_MAX, LOGIN_FIELD_LENGTH_MAX, emailSchema, otpCodeSchema, passwordSchema } from './auth';

/**
 * Getting back in (issue 17): forgot password, forgot account number, and the back office's help
 * (a reset code, an unlock, an email change confirmed by a code to the new address). One schema
 * per form, used by the pages as the person types and by the server on every request.
 */

/** The identifier is an account number or an email address: bounded like a login field. */
export const RECOVERY_IDENTIFIER_LENGTH_MAX = LOGIN_FIELD_LENGTH_MAX;
/**
 * Shortest wait between two reset codes to one customer (the server's OTP_RESEND_INTERVAL_MS);
 * the page counts it down before it offers "Send a new code" again.
 */
export const RECOVERY_RESEND_WAIT_SECONDS = 30;

export const recoveryIdentifierSchema = z
  .string()
  .trim()
  .min(1, 'Enter your account number or email address')
  .max(RECOVERY_IDENTIFIER_LENGTH_MAX, `At most ${RECOVERY_IDENTIFIER_LENGTH_MAX} characters`);

/** POST /api/auth/password/forgot */
export const forgotPasswordSchema = z.strictObject({ identifier: recoveryIdentifierSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /api/auth/password/reset: the same identifier, the emailed code and the new password. */
export const resetPasswordSchema = z
  .strictObject({
    identifier: recoveryIdentifierSchema,
    code: otpCodeSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string().max(LOGIN_FIELD_LENGTH_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/auth/account-number/forgot */
export const forgotAccountNumberSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address')
    .max(EMAIL_LENGTH_MAX, `Email must be at most ${EMAIL_LENGTH_MAX} characters`)
    .pipe(z.email('Enter a valid email address'))
    .transform((email) => email.toLowerCase()),
});
export type ForgotAccountNumberInput = z.input<typeof forgotAccountNumberSchema>;

/**
 * The one answer of both "forgot" forms, matched or not (no enumeration): the same status (202),
 * the same body, the same headers.
 */
export const recoveryAcceptedSchema = z.object({ ok: z.literal(true) });
export type RecoveryAccepted = z.infer<typeof recoveryAcceptedSchema>;

export const passwordResetDoneSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// The back office helps: POST /api/admin/users/:id/password-reset, /unlock, /email-change(/confirm)

/** Every customer-service action needs a reason, kept in the audit log. */
export const adminReasonOnlySchema = z.strictObject({ reason: reasonSchema });
export type AdminReasonOnlyInput = z.input<typeof adminReasonOnlySchema>;

export const adminPasswordResetResponseSchema = z.object({
  ok: z.literal(true),
  /** Where the code went: the customer's own address, never shown the code. */
  email: z.string(),
  expiresAt: z.string(),
});
export type AdminPasswordResetResponse = z.infer<typeof adminPasswordResetResponseSchema>;

export const adminUnlockResponseSchema = z.object({
  ok: z.literal(true),
  /** Whether sign-in was locked (backed off or shut) when the admin lifted it. */
  wasLocked: z.boolean(),
});
export type AdminUnlockResponse = z.infer<typeof adminUnlockResponseSchema>;

export const adminEmailChangeStartSchema = z.strictObject({ newEmail: emailSchema, reason: reasonSchema });
export type AdminEmailChangeStartInput = z.input<typeof adminEmailChangeStartSchema>;

export const adminEmailChangeStartResponseSchema = z.object({
  ok: z.literal(true),
  newEmail: z.string(),
  expiresAt: z.string(),
});
export type AdminEmailChangeStartResponse = z.infer<typeof adminEmailChangeStartResponseSchema>;

/** The customer reads the code from their new mailbox to the clerk, who types it here (decision 0133). */
export const adminEmailChangeConfirmSchema = z.strictObject({
  newEmail: emailSchema,
  code: otpCodeSchema,
  reason: reasonSchema,
});
export type AdminEmailChangeConfirmInput = z.input<typeof adminEmailChangeConfirmSchema>;

/** The maker's confirmation queues the change for a second member of staff (decision 0182). */
export const adminEmailChangeConfirmResponseSchema = z.object({
  ok: z.literal(true),
  state: z.literal('pending'),
  newEmail: z.string(),
});
export type AdminEmailChangeConfirmResponse = z.infer<typeof adminEmailChangeConfirmResponseSchema>;

/** A customer's email change as the back office sees it: the pending one, or the one cooling off. */
export const adminEmailChangeSchema = z.object({
  id: z.string(),
  state: z.enum(['pending', 'applied']),
  oldEmail: z.string(),
  newEmail: z.string(),
  makerId: z.string(),
  makerName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  /** For an applied change: until when the new address gets no reset or step-up codes. */
  coolingUntil: z.string().nullable(),
});
export type AdminEmailChange = z.infer<typeof adminEmailChangeSchema>;
export const adminEmailChangeStatusSchema = z.object({ change: adminEmailChangeSchema.nullable() });
export type AdminEmailChangeStatus = z.infer<typeof adminEmailChangeStatusSchema>;

/** GET /api/admin/users/:id/email-change → approve or reject with a reason. */
export const adminEmailChangeDecisionResponseSchema = z.object({
  ok: z.literal(true),
  state: z.enum(['applied', 'rejected']),
});
export type AdminEmailChangeDecisionResponse = z.infer<typeof adminEmailChangeDecisionResponseSchema>;

/** The token from the link mailed to the old address (URL fragment, never a query string). */
export const EMAIL_CHANGE_STOP_TOKEN_LENGTH_MAX = 64;
export const emailChangeStopSchema = z.strictObject({
  token: z.string().min(1).max(EMAIL_CHANGE_STOP_TOKEN_LENGTH_MAX),
});
export type EmailChangeStopInput = z.input<typeof emailChangeStopSchema>;
export const emailChangeStopResponseSchema = z.object({
  ok: z.literal(true),
  /** `cancelled`: it never took effect; `reverted`: the address is the old one again. */
  outcome: z.enum(['cancelled', 'reverted']),
});
export type EmailChangeStopResponse = z.infer<typeof emailChangeStopResponseSchema>;
