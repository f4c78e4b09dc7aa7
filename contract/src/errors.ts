import { z } from 'zod';

/**
 * The error catalogue. Messages marked "spec" are product.md §8 word for word and must never be
 * reworded: clients, tests and customers rely on them. The HTTP status lives beside the message so
 * that server and web agree on what each code means.
 */
export const errorCatalogue = {
  // product §8
  LOGIN_FAILED: { status: 401, message: 'Failed to log in. Please check your credentials.' },
  PROFILE_NOT_FOUND: { status: 404, message: 'User profile not found.' },
  INVALID_TRANSFER_AMOUNT: { status: 400, message: 'Invalid transfer amount.' },
  RECIPIENT_NOT_FOUND: { status: 404, message: 'Recipient account number not found.' },
  SELF_TRANSFER: { status: 400, message: 'You cannot send money to your own account.' },
  INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient funds.' },
  RECIPIENT_GONE: { status: 409, message: 'Recipient account does not exist.' },
  INVALID_DEPOSIT_AMOUNT: { status: 400, message: 'Invalid deposit amount.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found.' },
  INVALID_DEBIT_AMOUNT: { status: 400, message: 'Invalid debit amount.' },
  INSUFFICIENT_FUNDS_FOR_DEBIT: { status: 422, message: 'Insufficient funds for this debit.' },
  ANONYMOUS_LOAN: { status: 422, message: 'Cannot approve loan for an anonymous applicant.' },
  LOAN_USER_GONE: { status: 422, message: 'User associated with this loan no longer exists.' },
  LOAN_NOT_PENDING: { status: 409, message: 'Loan is no longer pending.' },
  TRANSACTION_NOT_FOUND: { status: 404, message: 'Transaction not found!' },
  INVALID_NEW_AMOUNT: { status: 400, message: 'Invalid new amount.' },
  TRANSACTION_USER_GONE: { status: 422, message: 'User associated with transaction not found.' },
  OTP_SEND_FAILED: { status: 503, message: 'Could not send OTP email. Please try again.' },

  // Ours: identity.
  ACCOUNT_SUSPENDED: {
    status: 403,
    message: 'This account is suspended. Please contact Larkspur Bank support to restore access.',
  },
  ACCOUNT_CLOSED: { status: 403, message: 'This account is closed. Please contact Larkspur Bank support.' },
  OTP_INVALID: { status: 400, message: 'That code is not correct. Check the email and try again.' },
  OTP_EXPIRED: { status: 400, message: 'That code has expired. Request a new one.' },
  OTP_ATTEMPTS_EXCEEDED: { status: 400, message: 'Too many wrong codes. Request a new one.' },
  CURRENT_PASSWORD_INCORRECT: { status: 400, message: 'Your current password is not correct.' },
  // Ours: recovery and the back office's help (issue 17, decisions 0130–0134).
  RECOVERY_BACKED_OFF: {
    status: 429,
    message: 'Too many wrong codes. Please wait a while, then request a new code.',
  },
  ACCOUNT_NOT_ACTIVE: {
    status: 409,
    message: "This customer's account is not active. Reactivate it first.",
  },
  EMAIL_IN_USE: { status: 409, message: 'Another account already uses this email address.' },
  EMAIL_UNCHANGED: { status: 409, message: 'This is already the email address of this account.' },
  // Ours: the staff-help email change under two people and a cooling-off (issue 27, decision 0182).
  EMAIL_CHANGE_PENDING: {
    status: 409,
    message: "A change of this customer's email address is already waiting for approval.",
  },
  EMAIL_CHANGE_NOT_PENDING: { status: 404, message: 'There is no email change waiting for approval.' },
  EMAIL_CHANGE_OWN: {
    status: 403,
    message: 'You asked for this email change, so someone else must approve or reject it.',
  },
  EMAIL_COOLING_OFF: {
    status: 409,
    message:
      "This customer's email address was changed recently: no reset code can go to it until the cooling-off period ends.",
  },
  EMAIL_CHANGE_STOP_INVALID: {
    status: 400,
    message: 'This link is no longer valid. If you did not ask to change your email address, call us.',
  },
  SIGNUP_CONFLICT: {
    status: 409,
    message: 'We could not open this account. If you already bank with us, log in instead.',
  },

  // Ours: money movement.
  TRANSFER_LIMIT_EXCEEDED: {
    status: 422,
    message: 'This transfer would take you over your daily account limit.',
  },
  /** A wire's routing number and bank name name different banks (decision 0206). */
  WIRE_BANK_MISMATCH: {
    status: 422,
    message:
      "This routing number and bank name do not match: Larkspur Bank's routing number is 323274005. Check both, or send a local transfer to a Larkspur account.",
  },
  BALANCE_WOULD_BE_NEGATIVE: {
    status: 422,
    message: "This change would make the customer's balance negative.",
  },
  /** Correcting one leg of a transfer corrects the other (decision 0205): its owner must cover it. */
  COUNTERPART_BALANCE_WOULD_BE_NEGATIVE: {
    status: 422,
    message: "This change would make the other customer's balance negative.",
  },
  RECORD_DATE_IN_FUTURE: {
    status: 400,
    message: 'Invalid date: a record cannot be dated in the future.',
  },
  RECORD_DATE_BEFORE_ACCOUNT: {
    status: 400,
    message: "Invalid date: a record cannot be dated before the customer's account was opened.",
  },
  INVALID_CHECK_IMAGE: { status: 400, message: 'Check photos must be JPEG or PNG images of at most 5 MB.' },

  // Ours: check deposits and holds (issue 13, decisions 0070–0074).
  CHECK_IMAGE_TOO_LARGE: {
    status: 400,
    message: 'Check photos can be at most 40 megapixels. Take the photo again at a lower resolution.',
  },
  /** A 16-bit or interlaced photo that would take too much memory to decode (issue 27, decision 0191). */
  CHECK_IMAGE_TOO_COSTLY: {
    status: 400,
    message:
      'This photo would take too much memory to read (a 16-bit or interlaced image). Save it as an ordinary JPEG and try again.',
  },
  /** Every check-photo decoder is busy and the queue is full (decision 0191); sent with Retry-After. */
  CHECK_IMAGE_BUSY: {
    status: 503,
    message: 'We are reading many check photos right now. Please try your deposit again in a minute.',
  },
  CHECK_AMOUNT_OVER_LIMIT: { status: 422, message: 'A single check can be for at most $10,000.00.' },
  CHECK_DAILY_LIMIT_EXCEEDED: {
    status: 422,
    message: 'This deposit would take your check deposits today over $20,000.00.',
  },
  CHECK_30_DAY_LIMIT_EXCEEDED: {
    status: 422,
    message: 'This deposit would take your check deposits in the last 30 days over $50,000.00.',
  },
  DUPLICATE_CHECK_NUMBER: {
    status: 409,
    message: 'A check with this number has already been deposited to your account.',
  },
  /**
   * The same MICR line (routing, payer account, check number) deposited before, to any account by
   * anyone, returned or not (decision 0192). Says nothing of where it went.
   */
  DUPLICATE_CHECK: { status: 409, message: 'This check has already been deposited.' },
  DUPLICATE_CHECK_IMAGE: {
    status: 409,
    message: 'This check photo has already been deposited to your account.',
  },
  CHECK_DEPOSIT_RATE_LIMITED: {
    status: 429,
    message: 'You can deposit at most 10 checks an hour. Please try again later.',
  },
  /** Issue 27, decision 0194: the customer's money-movement budget; sent with Retry-After and the wait. */
  MONEY_RATE_LIMITED: {
    status: 429,
    message: 'You are making payments too quickly. Please wait a moment and try again.',
  },
  CHECK_IMAGE_QUOTA_EXCEEDED: {
    status: 422,
    message: 'Your storage for check photos is full. Please contact Larkspur Bank support.',
  },
  HOLD_NOT_FOUND: { status: 404, message: 'Hold not found.' },
  HOLD_RECORD_AMOUNT_FIXED: {
    status: 409,
    message: "A held check deposit's amount cannot be edited. Release or return the check instead.",
  },
  HOLD_ALREADY_RETURNED: { status: 409, message: 'This check has already been returned.' },
  HOLD_NOT_ACTIVE: { status: 409, message: 'This hold has already been released or returned.' },

  // Ours: maker-checker for manual money (issue 19, decisions 0170–0172).
  MONEY_REQUEST_NOT_FOUND: { status: 404, message: 'Request not found.' },
  MONEY_REQUEST_NOT_PENDING: {
    status: 409,
    message: 'This request has already been decided.',
  },
  MONEY_REQUEST_RECORD_CHANGED: {
    status: 409,
    message: 'The record changed after this request was made. Make a new request.',
  },
  MONEY_REQUEST_OWN: {
    status: 403,
    message: 'You made this request, so someone else must approve or reject it.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 100 letters, digits, dashes or underscores.',
  },

  // Ours: passkeys and step-up for risky payments (issue 17, decisions 0135–0139).
  STEP_UP_REQUIRED: {
    status: 403,
    message:
      'This payment needs an extra check. Confirm it with your passkey or the code we email you, then send it again.',
  },
  STEP_UP_EMAIL_COOLING_OFF: {
    status: 403,
    message:
      'Your email address was changed recently, so for your safety we cannot email payment codes to it yet. Confirm with a passkey, or call us.',
  },
  // Issue 27 (decision 0185): changing a passkey or the password needs the second factor too.
  SECOND_FACTOR_REQUIRED: {
    status: 403,
    message: 'This change needs an extra check. Confirm it with your passkey or the code we email you.',
  },
  STEP_UP_BACKED_OFF: {
    status: 429,
    message: 'Too many wrong codes. Please wait a while, then request a new code.',
  },
  STEP_UP_EXPIRED: { status: 400, message: 'This check has expired. Please start the payment review again.' },
  PASSKEY_FAILED: { status: 400, message: 'We could not verify your passkey. Please try again.' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found.' },
  PASSKEY_LIMIT_REACHED: {
    status: 422,
    message: 'You can have at most 10 passkeys. Remove one before adding another.',
  },
  PASSKEY_ALREADY_REGISTERED: { status: 409, message: 'This passkey is already registered.' },

  // Ours: Confirmation of Payee and the payee book (issue 18, decisions 0155–0156).
  PAYEE_CHECK_NOT_CONFIRMED: {
    status: 422,
    message:
      'The name you entered does not match the name on this account. Check the name, or confirm that you understand the risk and still want to pay this account.',
  },
  PAYEE_NOT_FOUND: { status: 404, message: 'Payee not found.' },
  PAYEE_LIMIT_REACHED: {
    status: 422,
    message: 'You can save at most 100 payees. Delete one before adding another.',
  },
  PAYEE_ALREADY_SAVED: { status: 409, message: 'This payee is already in your payees.' },
  // Ours: scheduled and recurring transfers (issue 18, decisions 0158–0160).
  SCHEDULED_TRANSFER_NOT_FOUND: { status: 404, message: 'Scheduled payment not found.' },
  SCHEDULED_TRANSFERS_LIMIT: {
    status: 422,
    message: 'You can have at most 20 scheduled payments. Cancel one before adding another.',
  },
  SCHEDULED_START_INVALID: {
    status: 400,
    message: 'The first payment date must be today or later, and at most a year ahead.',
  },
  SCHEDULED_END_INVALID: {
    status: 400,
    message: 'The end date must be on or after the first payment date, and at most five years ahead.',
  },
  SCHEDULED_TOO_MANY_OCCURRENCES: {
    status: 400,
    message: 'A repeating payment can be made at most 120 times. Choose an earlier end date.',
  },
  SCHEDULED_TRANSFER_BUSY: {
    status: 409,
    message: 'This payment is being made right now. Please try again in a minute.',
  },
  SCHEDULED_INTERNATIONAL_UNSUPPORTED: {
    status: 422,
    message:
      'International transfers cannot be scheduled: they are converted at the rate of the day they are sent. Send it now instead.',
  },
  SCHEDULED_DATE_FIXED: {
    status: 409,
    message:
      'Payments of this series have already been made, so its dates cannot move. To pay on other days, cancel it and schedule a new one.',
  },
  SCHEDULED_TRANSFER_ENDED: {
    status: 409,
    message: 'This scheduled payment has already ended or been cancelled.',
  },
  // Ours: international transfers at the bank's posted rates (issue 18, decisions 0164–0166).
  FX_RATE_UNAVAILABLE: {
    status: 422,
    message:
      'We have no current exchange rate for this currency, so this transfer cannot be sent now. Choose another currency or try again later.',
  },
  FX_RATE_CHANGED: {
    status: 409,
    message:
      'Our exchange rate for this currency has changed since you reviewed this transfer. Please review it again with the new rate.',
  },
  FX_AMOUNT_MISMATCH: {
    status: 422,
    message:
      'The dollar amount does not match the foreign amount at our posted rate. Please review the transfer again.',
  },
  FX_BASE_CURRENCY: {
    status: 422,
    message: 'US dollars are the bank’s own currency: they have no exchange rate.',
  },

  // Ours: loans (docs/decisions/0030).
  LOAN_NOT_FOUND: { status: 404, message: 'Loan not found.' },
  LOAN_APPROVE_VIA_APPROVE: {
    status: 422,
    message: 'Use Approve to approve a loan: approval pays out the loan.',
  },
  LOAN_APPROVED_FINAL: {
    status: 409,
    message: 'This loan has been approved and paid out; its status can no longer be changed.',
  },
  LOAN_STATUS_UNCHANGED: { status: 409, message: 'The loan already has this status.' },
  LOAN_OPEN_APPLICATIONS_LIMIT: {
    status: 422,
    message:
      'You already have the maximum number of loan applications awaiting a decision. Cancel one or wait for a decision before applying again.',
  },

  // Ours: statements and receipts as PDF (issue 18, decision 0163).
  STATEMENT_MONTH_INVALID: {
    status: 400,
    message: 'Choose the statement month as YYYY-MM, for example 2026-11.',
  },
  /** Every statement renderer is busy and the queue is full (decision 0193); sent with Retry-After. */
  STATEMENT_BUSY: {
    status: 503,
    message: 'Many statements are being prepared right now. Please try again in a few seconds.',
  },
  STATEMENT_MONTH_UNAVAILABLE: {
    status: 404,
    message:
      'There is no statement for that month. Choose a month from when your account opened up to this month.',
  },
  // Staff (issue 19, decision 0168).
  STAFF_NOT_FOUND: { status: 404, message: 'Staff member not found.' },
  STAFF_EMAIL_TAKEN: { status: 409, message: 'Someone already signs in with this email.' },
  LAST_ADMINISTRATOR: {
    status: 409,
    message: 'The bank needs at least one active administrator: appoint another one first.',
  },
  STAFF_SELF_DISABLE: { status: 409, message: 'You cannot disable your own sign-in.' },
  // Issue 27 (decisions 0189, 0190).
  STAFF_INVITATION_INVALID: {
    status: 400,
    message:
      'This invitation link cannot be used: it was already used, has expired or was withdrawn. Ask an administrator for a new one.',
  },
  STAFF_NOT_INVITED: { status: 409, message: 'This staff member has already activated their account.' },
  MONEY_REQUEST_APPROVER_TOO_NEW: {
    status: 403,
    message:
      'Your permission set changed recently, so you cannot approve money requests yet. Ask another approver.',
  },
  LOAN_APPROVER_TOO_NEW: {
    status: 403,
    message:
      'Your permission set changed recently, so you cannot approve loans yet. Ask another member of staff.',
  },
  HOLD_REVIEWER_TOO_NEW: {
    status: 403,
    message:
      'Your permission set changed recently, so you cannot release held checks yet. Ask another member of staff.',
  },
  MONEY_REQUEST_APPOINTED_MAKER: {
    status: 403,
    message:
      'You recently added or changed the permission set of the person who made this request, so someone else must approve it.',
  },

  // Ours: generic protocol errors.
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNAUTHENTICATED: { status: 401, message: 'Please log in to continue.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  CSRF_REJECTED: { status: 403, message: 'This request came from an untrusted origin.' },
  // A Host header that names another site (DNS rebinding): RFC 9110 §15.5.20.
  MISDIRECTED_REQUEST: { status: 421, message: 'This server does not answer for that host name.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'That method is not allowed here.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different request.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
  /** The database is restarting or failing over (decision 0095); answered with Retry-After. */
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The bank is briefly unavailable. Please try again in a moment.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

/** The body of every error response: `{ "error": { "code", "message" } }`. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Which input field the error concerns, when there is one (for forms). */
    field: z.string().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * "Please wait 2 minutes": a throttle's known wait, rounded up to a unit a person reads (seconds
 * under a minute, minutes under an hour, then hours), never shorter than the real wait.
 */
export function humanWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return unit(s, 'second');
  if (s < 3600) return unit(Math.ceil(s / 60), 'minute');
  return unit(Math.ceil(s / 3600), 'hour');
}

/** RATE_LIMITED with the wait said (issue #14): "Too many requests. Please wait 2 minutes and try again." */
export function rateLimitedMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) {
    return errorCatalogue.RATE_LIMITED.message;
  }
  return `Too many requests. Please wait ${humanWait(retryAfterSeconds)} and try again.`;
}

/** MONEY_RATE_LIMITED with the wait said: "… Please wait 42 seconds and try again." (decision 0194) */
export function moneyRateLimitedMessage(retryAfterSeconds: number): string {
  return `You are making payments too quickly. Please wait ${humanWait(retryAfterSeconds)} and try again.`;
}

export function errorMessage(code: ErrorCode): string {
  return errorCatalogue[code].message;
}

/**
 * A route's error responses for its OpenAPI schema, each the one envelope: `errorResponses(400,
 * 401, 403)`. The server's routes take them from here rather than each keeping its own map.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as Record<
    S,
    typeof errorEnvelopeSchema
  >;
}

/** The error responses of a signed-in area's route: bad input, no session, wrong role. */
export const AREA_ERROR_STATUSES = [400, 401, 403] as const;
/** …and of a route that changes or reads one object: also not found, conflict, refused by a rule. */
export const OBJECT_ERROR_STATUSES = [400, 401, 403, 404, 409, 422] as const;

/** A path's `:id` that is one of ours: a uuid (anything else fails validation with 400). */
export const uuidIdParamsSchema = z.object({ id: z.uuid() });
/**
 * A path's `:id` taken as any short string, for routes that answer an id that is not a uuid exactly
 * like a missing object (404, the object's own message) rather than with a 400.
 */
export const looseIdParamsSchema = z.object({ id: z.string().max(64) });
