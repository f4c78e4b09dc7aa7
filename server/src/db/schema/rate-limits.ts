import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Fixed-window counters shared by every instance (decision 0194): the money movements a customer
 * starts, and the money alerts one address is emailed. `lib/rate-counter.ts` is their only writer.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);
