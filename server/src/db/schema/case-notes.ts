import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { profiles } from './identity';

/**
 * Case notes on a customer's file (issue 19, decision 0153). Append-only: the code only inserts;
 * there is no endpoint to edit or delete one.
 */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.userId),
    authorId: uuid('author_id')
      .notNull()
      .references(() => profiles.userId),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('case_notes_user_idx').on(t.userId, t.id.desc()),
    // 2000 = CASE_NOTE_LENGTH_MAX (contract/src/case-notes.ts); the API checks it first.
    check('case_notes_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
