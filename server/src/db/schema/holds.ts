import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';
import { profiles } from './identity';
import { accounts, journalEntries, transactionRecords } from './ledger';

/** One part of a hold's release schedule: `cents` become available at `at` (ISO 8601). */
export interface HoldTranche {
  at: string;
  cents: string;
}

/**
 * A check deposit's hold (issue 13, decision 0070): the deposit is credited at once, and this row
 * keeps its money unavailable until the schedule releases it, a reviewer releases it early, or the
 * check is returned. `released_cents` counts what has been released; `next_release_at` is when
 * the release job next has something to do (null once the hold has ended). The unreleased part
 * of every active hold is summed into `accounts.held_cents`.
 */
export const depositHolds = pgTable(
  'deposit_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => transactionRecords.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amountCents: cents('amount_cents').notNull(),
    releasedCents: cents('released_cents')
      .notNull()
      .default(sql`0`),
    checkNumber: text('check_number').notNull(),
    /**
     * The rest of the check's MICR line as typed (decision 0192): with the check number, what
     * identifies a check bank-wide. Null on deposits made before it was asked.
     */
    routingNumber: text('routing_number'),
    payerAccountNumber: text('payer_account_number'),
    /** SHA-256 (hex) of each photo as uploaded (decision 0072). */
    frontSha256: text('front_sha256').notNull(),
    backSha256: text('back_sha256').notNull(),
    status: text('status', { enum: ['active', 'released', 'returned'] })
      .notNull()
      .default('active'),
    releaseSchedule: jsonb('release_schedule').$type<HoldTranche[]>().notNull(),
    nextReleaseAt: instant('next_release_at'),
    availableAt: instant('available_at').notNull(),
    createdAt: instant('created_at').notNull(),
    releasedAt: instant('released_at'),
    returnedAt: instant('returned_at'),
    reviewerId: uuid('reviewer_id'),
    reviewReason: text('review_reason'),
    returnEntryId: bigint('return_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    returnRecordId: uuid('return_record_id').references(() => transactionRecords.id),
    returnedCollectedCents: cents('returned_collected_cents'),
    returnedShortfallCents: cents('returned_shortfall_cents'),
  },
  (t) => [
    check('deposit_holds_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'deposit_holds_released_range',
      sql`${t.releasedCents} >= 0 and ${t.releasedCents} <= ${t.amountCents}`,
    ),
    check('deposit_holds_status', sql`${t.status} in ('active', 'released', 'returned')`),
    check('deposit_holds_next_release', sql`(${t.status} = 'active') = (${t.nextReleaseAt} is not null)`),
    uniqueIndex('deposit_holds_record_key').on(t.recordId),
    check('deposit_holds_micr_whole', sql`(${t.routingNumber} is null) = (${t.payerAccountNumber} is null)`),
    // The same check deposited twice, to any account (decision 0192)...
    uniqueIndex('deposit_holds_micr_key')
      .on(t.routingNumber, t.payerAccountNumber, t.checkNumber)
      .where(sql`${t.routingNumber} is not null`),
    // ...or, for deposits made before the MICR line was asked, the same number to one account
    // (decision 0072); and the same photo deposited twice to one account.
    uniqueIndex('deposit_holds_account_check_key')
      .on(t.accountId, t.checkNumber)
      .where(sql`${t.routingNumber} is null`),
    uniqueIndex('deposit_holds_account_front_key').on(t.accountId, t.frontSha256),
    uniqueIndex('deposit_holds_account_back_key').on(t.accountId, t.backSha256),
    // The per-day, per-30-days and per-hour limits.
    index('deposit_holds_user_created_idx').on(t.userId, t.createdAt),
    // The reviewers' list: by status, newest first.
    index('deposit_holds_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The release job's scan for due holds.
    index('deposit_holds_due_idx')
      .on(t.nextReleaseAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
