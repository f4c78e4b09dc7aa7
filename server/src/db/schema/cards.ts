import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { profiles } from './identity';

/** Every customer's virtual debit card. The number is encrypted at rest; only the last four are kept in clear. */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    numberEncrypted: text('number_encrypted').notNull(),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    status: text('status', { enum: ['active', 'frozen'] })
      .notNull()
      .default('active'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [uniqueIndex('cards_user_key').on(t.userId)],
);
