import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { profiles } from './identity';

/**
 * The payee book (issue 18, decision 0156): the people a customer pays, saved from a finished
 * transfer or by hand. International details are stored as the contract's InternationalDetails.
 */
export const payees = pgTable(
  'payees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    nickname: text('nickname').notNull().default(''),
    type: text('type').notNull(),
    recipientAccount: text('recipient_account').notNull(),
    recipientName: text('recipient_name').notNull(),
    bankName: text('bank_name').notNull(),
    routingNumber: text('routing_number'),
    internationalDetails: jsonb('international_details').$type<Record<string, string>>(),
    createdAt: instant('created_at').notNull(),
    /** When the details were saved last (created or edited): step-up's "new payee" window (0157). */
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    // The book, alphabetically: one keyset page at a time.
    index('payees_user_name_idx').on(t.userId, sql`lower(${t.recipientName})`, t.id),
    // Step-up's question "was this account saved or changed lately?" (decision 0157).
    index('payees_user_account_idx').on(t.userId, t.recipientAccount),
    check(
      'payees_type_known',
      sql`${t.type} in ('Local Transfer', 'Wire Transfer', 'International Transfer')`,
    ),
  ],
);
