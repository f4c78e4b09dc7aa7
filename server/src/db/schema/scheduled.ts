import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';
import { profiles } from './identity';

/**
 * A scheduled or recurring transfer (issue 18, decisions 0158–0159): the transfer's facts as the
 * customer entered them, when it pays (`frequency`, `start_on`, and `end_on` or `occurrence_count`),
 * and where the scheduler stands: `next_occurrence` is the number of the next payment and
 * `next_run_on` its day (UTC), null once the series has finished or was cancelled. A scheduler
 * claims a due series by setting `claim_token` and `claimed_until` (a lease): an instance killed
 * mid-payment leaves a lease that runs out, and another instance retries with the same
 * idempotency key.
 */
export const scheduledTransfers = pgTable(
  'scheduled_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    type: text('type').notNull(),
    recipientAccount: text('recipient_account').notNull(),
    recipientName: text('recipient_name').notNull(),
    bankName: text('bank_name').notNull(),
    routingNumber: text('routing_number'),
    internationalDetails: jsonb('international_details').$type<Record<string, unknown>>(),
    amountCents: cents('amount_cents').notNull(),
    purpose: text('purpose').notNull(),
    /** The customer accepted a close or no match of the name check at creation (decision 0155). */
    payeeRiskAccepted: boolean('payee_risk_accepted').notNull().default(false),
    frequency: text('frequency', { enum: ['once', 'weekly', 'monthly'] }).notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }),
    occurrenceCount: integer('occurrence_count'),
    nextOccurrence: integer('next_occurrence').notNull().default(1),
    nextRunOn: date('next_run_on', { mode: 'string' }),
    status: text('status', { enum: ['active', 'finished', 'cancelled'] })
      .notNull()
      .default('active'),
    claimToken: uuid('claim_token'),
    claimedUntil: instant('claimed_until'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    // What the scheduler looks for: active series by day; the partial index stays small.
    index('scheduled_transfers_due_idx')
      .on(t.nextRunOn)
      .where(sql`${t.status} = 'active'`),
    index('scheduled_transfers_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('scheduled_transfers_amount_positive', sql`${t.amountCents} > 0`),
    // 120 = SCHEDULED_OCCURRENCES_MAX (contract/src/scheduled.ts); the API checks it first.
    check(
      'scheduled_transfers_count_range',
      sql`${t.occurrenceCount} is null or ${t.occurrenceCount} between 1 and 120`,
    ),
    check('scheduled_transfers_next_positive', sql`${t.nextOccurrence} >= 1`),
    check(
      'scheduled_transfers_next_run_when_active',
      sql`(${t.status} = 'active') = (${t.nextRunOn} is not null)`,
    ),
  ],
);

/**
 * One payment of a series, made or refused: at most one row per (series, occurrence), which is
 * what makes a payment happen once. A paid occurrence's row is written inside the transfer's own
 * transaction, so it exists exactly when the money moved (decision 0159).
 */
export const scheduledTransferRuns = pgTable(
  'scheduled_transfer_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => scheduledTransfers.id),
    occurrence: integer('occurrence').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    transactionId: text('transaction_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    ranAt: instant('ran_at').notNull(),
  },
  (t) => [uniqueIndex('scheduled_transfer_runs_occurrence_idx').on(t.seriesId, t.occurrence)],
);
