import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, instant } from './columns';
import { profiles } from './identity';
import { transactionRecords } from './ledger';

/**
 * Maker-checker requests for manual money (issue 19, decisions 0170–0172). A row is made pending
 * by the maker and decided once by a checker: the state changes only from pending, in the same
 * transaction as the movement an approval runs. The database itself refuses a checker who is the
 * maker (money_requests_checker_not_maker).
 */
export const moneyRequests = pgTable(
  'money_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['credit', 'debit', 'record_create', 'record_edit'] }).notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'failed'] })
      .notNull()
      .default('pending'),
    /** The endpoint's body as its zod schema parsed it (for an edit, with the record's id). */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    /** What the threshold was compared with: the amount, or for an edit the change in it. */
    amountCents: cents('amount_cents').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    /** For an edit, the record edited; otherwise the record the approval made. */
    recordId: uuid('record_id').references(() => transactionRecords.id),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => profiles.userId),
    checkerId: uuid('checker_id').references(() => profiles.userId),
    decisionReason: text('decision_reason'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    index('money_requests_state_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    index('money_requests_maker_idx').on(t.makerId, t.state, t.createdAt.desc(), t.id.desc()),
    check('money_requests_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('money_requests_checker_not_maker', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    check(
      'money_requests_decided',
      sql`(${t.state} = 'pending') = (${t.checkerId} is null and ${t.decidedAt} is null)`,
    ),
  ],
);
