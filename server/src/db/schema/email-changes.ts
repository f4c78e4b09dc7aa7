import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { profiles } from './identity';

/**
 * A staff-help change of a customer's email address (issue 27, decision 0182). The maker's
 * confirmed request waits here, pending, for a checker who is not the maker; an applied change
 * cools off until `coolingUntil` (no reset or step-up codes to the new address; the old address
 * can undo it with the link it was mailed, kept here only as a SHA-256).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    state: text('state', { enum: ['pending', 'applied', 'rejected', 'stopped', 'lapsed'] })
      .notNull()
      .default('pending'),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => profiles.userId),
    checkerId: uuid('checker_id').references(() => profiles.userId),
    reason: text('reason').notNull(),
    decisionReason: text('decision_reason'),
    /** The link in the pending notice (works while pending, and while an applied change cools off). */
    stopTokenHash: text('stop_token_hash').notNull(),
    /** The link in the applied change's alert to the old address. */
    revertTokenHash: text('revert_token_hash'),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
    coolingUntil: instant('cooling_until'),
  },
  (t) => [
    uniqueIndex('email_changes_one_pending')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    uniqueIndex('email_changes_stop_token_key').on(t.stopTokenHash),
    uniqueIndex('email_changes_revert_token_key').on(t.revertTokenHash),
    index('email_changes_user_idx').on(t.userId, t.createdAt.desc()),
    check('email_changes_state', sql`${t.state} in ('pending', 'applied', 'rejected', 'stopped', 'lapsed')`),
    check('email_changes_checker_not_maker', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    check(
      'email_changes_applied',
      sql`(${t.state} = 'applied') = (${t.coolingUntil} is not null) or ${t.state} = 'stopped'`,
    ),
  ],
);
