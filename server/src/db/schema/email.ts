import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Transactional outbox: written in the caller's own database transaction, delivered later by the
 * outbox worker. `status` moves pending → sent, or pending → failed after the last attempt.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Which template produced it and with which fields (used by the hosted-API transport). */
    template: text('template').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    // suppressed: a money alert past its address's hourly bound, kept but not emailed (decision 0194).
    status: text('status', { enum: ['pending', 'sent', 'failed', 'suppressed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A worker that claimed the message owns it until then; after that another may retry. */
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Housekeeping's: delivered mail past its retention.
    index('outbox_messages_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
    index('outbox_messages_suppressed_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'suppressed'`),
  ],
);

/** Mail "delivered" by the development mailbox transport; shown at /dev/mailbox. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fromAddress: text('from_address').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * The sender's id of the email (the outbox row's, decision 0105): delivery is at least once,
     * and a second delivery of one message is dropped by the unique index, as a mail server that
     * deduplicates on Message-ID would. Null for mail stored before the column existed.
     */
    messageId: text('message_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // Looked up by address whatever its case (the e2e tests read their codes this way).
  (t) => [
    uniqueIndex('mailbox_messages_message_id_idx').on(t.messageId),
    index('mailbox_messages_to_idx').on(sql`lower(${t.toEmail})`, t.id),
    // Housekeeping's: mail past the mailbox's week.
    index('mailbox_messages_created_idx').on(t.createdAt),
  ],
);

/** One-time codes: hashed, bound to a purpose and an email, short-lived, few tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', {
      enum: ['signup', 'admin_login', 'password_reset', 'email_change', 'step_up'],
    }).notNull(),
    /** The address the code went to, or the key of what it proves (see OtpPurpose). Lower-cased. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    consumedAt: instant('consumed_at'),
  },
  // Only the newest code for a purpose and address counts: found by this index's last entry.
  (t) => [index('one_time_codes_lookup_idx').on(t.purpose, t.email, t.id)],
);
