import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';
import { profiles } from './identity';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Ledger accounts: one per customer, opened with the sign-up, plus the bank's system accounts
 * through which money enters and leaves (check clearing, cash, settlement, loans, adjustments).
 * `balance_cents` caches the sum of the account's postings; only the ledger service writes it.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['customer', 'system'] }).notNull(),
    /** System accounts only: a stable name such as `check_clearing`. */
    code: text('code'),
    userId: uuid('user_id').references(() => profiles.userId),
    currency: text('currency').notNull().default('USD'),
    balanceCents: cents('balance_cents')
      .notNull()
      .default(sql`0`),
    /**
     * Customer accounts: the cents of check deposits still on hold (the sum of the active holds'
     * unreleased parts, decision 0070). Available = balance − held; kept under the account's lock.
     */
    heldCents: cents('held_cents')
      .notNull()
      .default(sql`0`),
    /**
     * Customer accounts: what the customer sent by transfer on `sentOn` (a UTC day), for the daily
     * limit (decision 0179). Kept by triggers on transaction_records (migration 0018); never written here.
     */
    sentOn: date('sent_on', { mode: 'string' }),
    sentCents: cents('sent_cents')
      .notNull()
      .default(sql`0`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_user_key').on(t.userId),
    uniqueIndex('accounts_code_key').on(t.code),
    // The admin directory's sort by balance (docs/decisions/0040). Balance updates now maintain
    // one more index (no HOT updates); measured within noise at commit-bound throughput.
    index('accounts_customer_balance_idx')
      .on(t.balanceCents, t.userId)
      .where(sql`${t.kind} = 'customer'`),
    check('accounts_customer_nonnegative', sql`${t.kind} <> 'customer' or ${t.balanceCents} >= 0`),
    check('accounts_held_nonnegative', sql`${t.heldCents} >= 0`),
    // Held money is never spent: the last line of defence behind every movement's own check.
    check(
      'accounts_customer_available_nonnegative',
      sql`${t.kind} <> 'customer' or ${t.balanceCents} >= ${t.heldCents}`,
    ),
    check(
      'accounts_owner',
      sql`(${t.kind} = 'customer' and ${t.userId} is not null and ${t.code} is null) or (${t.kind} = 'system' and ${t.userId} is null and ${t.code} is not null)`,
    ),
  ],
);

/**
 * A journal entry: one balanced movement of money (its postings sum to zero). Never updated or
 * deleted; a correction is a new entry.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', {
      enum: [
        'transfer',
        'check_deposit',
        'admin_credit',
        'admin_debit',
        'admin_record',
        'adjustment',
        'loan_disbursement',
        'check_return',
      ],
    }).notNull(),
    description: text('description').notNull(),
    actorId: uuid('actor_id'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('journal_entries_created_idx').on(t.createdAt)],
);

/** One leg of an entry: a signed amount on one account (credit +, debit −). */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amountCents: cents('amount_cents').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    check('postings_amount_nonzero', sql`${t.amountCents} <> 0`),
    index('postings_entry_idx').on(t.entryId),
    index('postings_account_idx').on(t.accountId, t.id),
  ],
);

/**
 * product §3 "Transaction": what the customer sees of a movement, one per customer touched. Its
 * `created_at` is the business date (an admin may correct it); `recorded_at` is when we wrote it.
 */
export const transactionRecords = pgTable(
  'transaction_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: text('transaction_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    type: text('type').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    recipientName: text('recipient_name').notNull(),
    recipientAccount: text('recipient_account').notNull(),
    bankName: text('bank_name').notNull(),
    routingNumber: text('routing_number'),
    senderName: text('sender_name').notNull(),
    senderAccount: text('sender_account').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status').notNull().default('Successful'),
    internationalDetails: jsonb('international_details').$type<Record<string, unknown>>(),
    /**
     * The Confirmation of Payee result when the transfer was sent (decision 0155), on the sender's
     * record only; the name they typed is this record's recipient_name. Null on every other record.
     */
    payeeCheck: text('payee_check', { enum: ['match', 'close_match', 'no_match', 'unavailable'] }),
    /**
     * The reference both sides of a transfer quote (issue 28, decision 0197): on the received leg,
     * the sender's TRF… id; null elsewhere, where the record's own id is its reference.
     */
    reference: text('reference'),
    createdAt: instant('created_at').notNull(),
    recordedAt: instant('recorded_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('transaction_records_transaction_id_key').on(t.transactionId),
    check('transaction_records_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check(
      'transaction_records_payee_check_known',
      sql`${t.payeeCheck} is null or ${t.payeeCheck} in ('match', 'close_match', 'no_match', 'unavailable')`,
    ),
    index('transaction_records_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transaction_records_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('transaction_records_entry_idx').on(t.entryId),
    index('transaction_records_reference_idx')
      .on(t.reference)
      .where(sql`${t.reference} is not null`),
    // The records search for a whole account number (modules/ledger/statements.ts).
    index('transaction_records_recipient_account_idx').on(t.recipientAccount),
    index('transaction_records_sender_account_idx').on(t.senderAccount),
  ],
);

/** Every correction of a record (admin edit): before, after, why, and the adjusting entry. */
export const transactionRecordHistory = pgTable(
  'transaction_record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => transactionRecords.id),
    actorId: uuid('actor_id'),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, string>>().notNull(),
    after: jsonb('after').$type<Record<string, string>>().notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('transaction_record_history_record_idx').on(t.recordId, t.id)],
);

/** Photos of deposited checks, kept with the record they belong to. */
export const checkImages = pgTable(
  'check_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => transactionRecords.id),
    side: text('side', { enum: ['front', 'back'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('check_images_record_side_key').on(t.recordId, t.side)],
);

/**
 * Idempotency keys of money-moving requests, stored in the same transaction as the movement:
 * a retry with the same key and body gets the first answer; another body gets 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who and which endpoint: `userId:POST /api/transfers`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expiry_idx').on(t.expiresAt)],
);
