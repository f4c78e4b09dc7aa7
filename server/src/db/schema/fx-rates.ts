import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { profiles } from './identity';

/**
 * The bank's posted exchange rates (issue 18, decision 0165): append-only, one row per posting.
 * The current rate of a currency is its row with the highest id; a rate older than
 * FX_RATE_MAX_AGE_DAYS is not current. The rate is US dollars per one unit of the currency,
 * an exact integer scaled by 10^8 (FX_RATE_DECIMALS): never a float.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: varchar('currency', { length: 3 }).notNull(),
    usdPerUnitScaled: bigint('usd_per_unit_scaled', { mode: 'bigint' }).notNull(),
    postedAt: instant('posted_at').notNull().defaultNow(),
    /** The admin who posted it; null for the demo seed's rates. */
    postedBy: uuid('posted_by').references(() => profiles.userId),
  },
  (t) => [
    index('fx_rates_currency_idx').on(t.currency, t.id.desc()),
    check('fx_rates_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // 10^13 = FX_RATE_MAX_SCALED (US$100,000 a unit, contract/src/international.ts); the API checks it first.
    check('fx_rates_rate_range', sql`${t.usdPerUnitScaled} > 0 and ${t.usdPerUnitScaled} <= 10000000000000`),
  ],
);
