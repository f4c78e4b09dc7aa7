/**
 * The contract every email transport fulfils. Expected failures come back as values, typed by
 * whether trying again later could help; a transport only throws for a bug.
 */

/** Names of the templates in `templates.ts`; the hosted-API transport picks its template by it. */
export type EmailTemplateName =
  | 'money-alert'
  | 'verification-code'
  | 'signup-attempt-notice'
  | 'failed-sign-ins-notice'
  | 'password-recheck-notice'
  | 'account-status-notice'
  | 'returned-check'
  | 'new-device-notice'
  // Recovery and security alerts (issue 17, account-templates.ts).
  | 'welcome'
  | 'account-number-reminder'
  | 'password-changed-alert'
  | 'contact-changed-alert'
  // The staff-help email change: pending, and stopped from the old address (issue 27, decision 0182).
  | 'email-change-pending-notice'
  | 'email-change-stopped-notice'
  | 'passkey-added-notice'
  | 'passkey-removed-notice'
  // A staff correction of a record's amount (issue 19, decision 0154).
  | 'record-correction-notice'
  // A scheduled payment that could not be made (issue 18, decision 0159).
  | 'scheduled-payment-failed'
  // A staff member's invitation link (issue 27, decision 0189).
  | 'staff-invitation'
  // Money alerts to one address past the hour's bound (issue 27, decision 0194).
  | 'money-alerts-paused-notice'
  // A loan decision (issue 28, decision 0198; loans/loan-emails.ts).
  | 'loan-approved'
  | 'loan-rejected';

/** A rendered email, as a template produces it. */
export interface RenderedEmail {
  template: EmailTemplateName;
  subject: string;
  html: string;
  text: string;
  /** The template's fields, all strings (product §3 for the money alert). */
  params: Record<string, string>;
}

/** A rendered email with its recipient: what the outbox stores and a transport sends. */
export interface OutgoingEmail {
  to: string;
  template: string;
  subject: string;
  html: string;
  text: string;
  params: Record<string, string>;
}

/**
 * An email on its way to a transport, with the id every delivery of it carries. Outbox delivery is
 * at least once (a worker that loses its database after sending, or a failover that rolls its
 * claim back, sends the row again), so the transport deduplicates on `messageId`: the SMTP
 * transport makes it the `Message-ID` header, the hosted API gets it as an idempotency key and a
 * template field, the dev mailbox stores it under a unique key.
 */
export interface OutboundEmail extends OutgoingEmail {
  /** Letters, digits, dots and dashes only (it goes into a header and a URL-safe key). */
  messageId: string;
}

/**
 * The id of an outbox row's email: the row id plus its creation time, so a database rebuilt from
 * scratch (whose ids start again at 1) does not repeat an id a relay or a mailbox has seen.
 */
export function outboxMessageId(row: { id: number; createdAt: Date }): string {
  return `outbox-${row.id}.${row.createdAt.getTime()}`;
}

/** The id of a one-time code's email (sent at once, not through the outbox). */
export function oneTimeCodeMessageId(row: { id: number; createdAt: Date }): string {
  return `code-${row.id}.${row.createdAt.getTime()}`;
}

export type SendResult =
  | { ok: true }
  /** `reason` is for operators: it never contains the message body or a code. */
  | { ok: false; retryable: boolean; reason: string };

export interface EmailTransport {
  readonly name: 'mailbox' | 'smtp' | 'emailjs' | (string & {});
  /** Sends one message; the same `messageId` again must not make a second email (see above). */
  send(message: OutboundEmail): Promise<SendResult>;
  /**
   * Sends a batch in one go, when the transport can do it cheaper than one `send` each (the
   * mailbox: one INSERT); a result per message, in order. Without it, the worker calls `send`
   * for each message in parallel.
   */
  sendBatch?(messages: OutboundEmail[]): Promise<SendResult[]>;
  /** Releases connections; called once when the app closes. */
  close?(): Promise<void>;
}

/** The slice of the app's logger (pino) the email module uses. */
export interface EmailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Longest failure reason kept in the outbox row and the logs. */
export const FAILURE_REASON_LENGTH_MAX = 500;

/**
 * A typed failure. Servers like to echo the recipient in their errors; addresses are personal
 * data and have no place in logs, so they are masked here, once, for every transport.
 */
export function failure(retryable: boolean, reason: string): SendResult {
  const masked = reason.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');
  return { ok: false, retryable, reason: masked.slice(0, FAILURE_REASON_LENGTH_MAX) };
}
