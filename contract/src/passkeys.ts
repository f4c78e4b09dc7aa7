import { z } from 'zod';
import { IDEMPOTENCY_KEY_LENGTH_MAX } from './banking';
import { transferRequestSchema } from './transfer-request';
import { LOGIN_FIELD_LENGTH_MAX, otpCodeSchema } from './auth';

/**
 * Passkeys (WebAuthn) and step-up for risky payments (issue 17, decisions 0135–0139). The browser
 * hands the WebAuthn library's JSON to the server untouched; the schemas below only bound it (the
 * server's WebAuthn library checks its meaning).
 */

/** A customer names each passkey ("Work laptop"); shown in the list. */
export const PASSKEY_NAME_LENGTH_MAX = 60;
/** Passkeys one customer may register: the list is one short page, never paginated further. */
export const PASSKEYS_PER_CUSTOMER_MAX = 10;
/** Longest base64url field of a WebAuthn response we accept (an attestation object is ~1 KB). */
export const WEBAUTHN_FIELD_LENGTH_MAX = 16_384;
/** Transfers above this amount (in cents) need a fresh second factor: $1,000.00 (decision 0137). */
export const STEP_UP_AMOUNT_THRESHOLD_CENTS = 100_000n;
/** The header carrying a step-up proof on POST /api/transfers. */
export const STEP_UP_TOKEN_HEADER = 'step-up-token';
/** A step-up token's length: 32 random bytes in base64url. */
export const STEP_UP_TOKEN_LENGTH_MAX = 64;
/**
 * A passkey confirms a step-up on its own only once it is this old (issue 27, decision 0185):
 * until then the emailed code is asked instead, so a passkey planted by someone with the password
 * cannot pay before the owner has read the "passkey added" email.
 */
export const PASSKEY_STEP_UP_DELAY_HOURS = 72;
/**
 * A password reset removes the passkeys added this long before it (decision 0186): a reset is how
 * an owner takes the account back, and a passkey planted by whoever was in must not survive it.
 */
export const PASSKEY_RESET_REMOVAL_WINDOW_HOURS = 30 * 24;

const b64url = z
  .string()
  .max(WEBAUTHN_FIELD_LENGTH_MAX)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected base64url');

const clientExtensionResults = z.looseObject({}).default({});
const transports = z.array(z.string().max(20)).max(10).optional();

/** What `startRegistration()` of @simplewebauthn/browser returns. */
export const registrationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What `startAuthentication()` of @simplewebauthn/browser returns. */
export const authenticationResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** The options the browser passes to `startRegistration` / `startAuthentication`, as the server made them. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for this passkey')
  .max(PASSKEY_NAME_LENGTH_MAX, `A name can be at most ${PASSKEY_NAME_LENGTH_MAX} characters`);

/** Adding a passkey starts with the password again (decision 0136). */
export const passkeyOptionsRequestSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(LOGIN_FIELD_LENGTH_MAX),
});
export const addPasskeyRequestSchema = z.strictObject({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeyOptionsResponseSchema = z.object({ options: webauthnOptionsSchema });

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the customer's cloud account (a multi-device passkey). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySchema).max(PASSKEYS_PER_CUSTOMER_MAX) });

export const passkeySignInVerifySchema = z.strictObject({ response: authenticationResponseSchema });

// Step-up for risky payments.

/**
 * Which rule asked for the step-up (the server's word; the screen words it, decision 0201):
 * `new_payee` never paid; `payee_added` / `payee_changed` saved to / changed in the payee book in
 * the last PAYEE_NEW_WINDOW_HOURS (decision 0157); `large_amount` above the threshold;
 * `account_change` a change of sign-in factors (decision 0185).
 */
export const stepUpReasons = [
  'new_payee',
  'payee_added',
  'payee_changed',
  'large_amount',
  'account_change',
] as const;
export const stepUpReasonSchema = z.enum(stepUpReasons);
export type StepUpReason = z.infer<typeof stepUpReasonSchema>;

const idempotencyKeySchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_LENGTH_MAX}}$`), 'Not a valid idempotency key');

/** The review step asks whether this exact transfer needs a second factor, and starts it if so. */
// Pure: a page that only reads passkeys (the security page) drops it, and with it the transfer
// request's ISO lists and IBAN checks (decision 0164).
export const stepUpStartRequestSchema = /* @__PURE__ */ z.strictObject({
  transfer: transferRequestSchema,
  idempotencyKey: idempotencyKeySchema,
  /**
   * "Send a new code": email a new code even if this session's last one is still valid. Without
   * it, a review reuses that code (a re-review after "Edit details": decision 0200).
   */
  resend: z.boolean().optional(),
});
export const stepUpStartResponseSchema = z.union([
  z.object({ required: z.literal(false) }),
  z.object({
    required: z.literal(true),
    reasons: z.array(stepUpReasonSchema),
    challengeId: z.uuid(),
    method: z.literal('passkey'),
    options: webauthnOptionsSchema,
  }),
  z.object({
    required: z.literal(true),
    reasons: z.array(stepUpReasonSchema),
    challengeId: z.uuid(),
    method: z.literal('email'),
    /** The address the code went to, masked ("r•••@example.com"). */
    sentTo: z.string(),
    expiresAt: z.string(),
    /** No new code was sent: the one this session was sent a moment ago answers this check (decision 0200). */
    codeReused: z.literal(true).optional(),
  }),
]);
export type StepUpStartResponse = z.infer<typeof stepUpStartResponseSchema>;

export const stepUpVerifyRequestSchema = z.union([
  z.strictObject({
    challengeId: z.uuid(),
    code: otpCodeSchema,
  }),
  z.strictObject({ challengeId: z.uuid(), passkey: authenticationResponseSchema }),
]);
export type StepUpVerifyRequest = z.infer<typeof stepUpVerifyRequestSchema>;

/**
 * Changes of what proves it is the customer (issue 27, decision 0185): each needs the second
 * factor they already have, earned by POST /api/me/step-up for that action and carried in the
 * Step-Up-Token header of the change itself.
 */
export const accountStepUpActions = ['passkey.add', 'passkey.remove', 'password.change'] as const;
export const accountStepUpActionSchema = z.enum(accountStepUpActions);
export type AccountStepUpAction = z.infer<typeof accountStepUpActionSchema>;
export const accountStepUpStartRequestSchema = z.strictObject({ action: accountStepUpActionSchema });
export const stepUpVerifyResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });
