import { bigserial, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cents, instant } from './columns';
import { profiles } from './identity';

/**
 * Manual money that moved without a checker (decision 0188): one row per direct credit, debit,
 * record or record edit, written in the movement's own transaction. The maker-checker window sums
 * these per maker and per customer; a request a checker decides is never in here.
 */
export const uncheckedMovements = pgTable(
  'unchecked_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['credit', 'debit', 'record_create', 'record_edit'] }).notNull(),
    makerId: uuid('maker_id')
      .notNull()
      .references(() => profiles.userId),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    /** What the threshold compares: the amount, or for an edit the change in it. */
    amountCents: cents('amount_cents').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('unchecked_movements_maker_idx').on(t.makerId, t.createdAt),
    index('unchecked_movements_user_idx').on(t.userId, t.createdAt),
    check('unchecked_movements_amount_nonnegative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Staff invitations (decision 0189): the SHA-256 of a single-use link token, its expiry, and when
 * it was used or revoked. The token itself is only ever in the email.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => profiles.userId),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_idx').on(t.tokenHash),
    index('staff_invitations_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
