import { desc, eq, gt, sql } from 'drizzle-orm';
import {
  BASE_CURRENCY,
  convertToUsdCents,
  currencyInfo,
  currencySymbol,
  formatForeignAmount,
  formatRate,
  isRateCurrent,
  parseForeignAmount,
  parseRate,
  type AdminFxRate,
  type FxQuote,
  type InternationalDetails,
  type RecordInternationalDetails,
} from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { fxRates, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import { Rejection } from '../../lib/idempotency';

/**
 * The bank's posted exchange rates (issue 18, decision 0165): US dollars per one unit of a
 * currency, scaled by 10^8. Append-only: posting a rate inserts a row; the current rate of a
 * currency is its newest row, and only while it is younger than FX_RATE_MAX_AGE_DAYS.
 */

export interface PostedRate {
  id: bigint;
  currency: string;
  usdPerUnitScaled: bigint;
  postedAt: Date;
}

/** The newest rate posted for `currency` (current or not), or null if none ever was. */
export async function latestRate(db: DbOrTx, currency: string): Promise<PostedRate | null> {
  const [row] = await db
    .select({
      id: fxRates.id,
      currency: fxRates.currency,
      usdPerUnitScaled: fxRates.usdPerUnitScaled,
      postedAt: fxRates.postedAt,
    })
    .from(fxRates)
    .where(eq(fxRates.currency, currency))
    .orderBy(desc(fxRates.id))
    .limit(1);
  return row ?? null;
}

/**
 * The conversion of an international transfer, checked against the rate in force now (decision
 * 0165): the currency must have a current rate, the review must have shown that very rate, and
 * the dollars it showed must be the foreign amount converted at it, rounded half up to the cent.
 * Returns the record's international details. Runs inside the transfer's transaction, so the
 * rate read is the one in force when the money moves.
 */
export async function convertAtPostedRate(
  tx: DbOrTx,
  now: Date,
  input: { details: InternationalDetails; quote: FxQuote; amountCents: bigint },
): Promise<RecordInternationalDetails> {
  const { details, quote } = input;
  const currency = currencyInfo(details.currency);
  if (!currency) throw new Rejection('FX_RATE_UNAVAILABLE', 'internationalDetails.currency');
  const minor = parseForeignAmount(quote.foreignAmount, currency.digits);
  if (minor === null || minor <= 0n) throw new Rejection('INVALID_TRANSFER_AMOUNT', 'foreignAmount');

  let rateScaled: bigint;
  let rateId: string | null;
  if (currency.code === BASE_CURRENCY) {
    // Dollars abroad: one for one, no posted rate needed.
    rateScaled = parseRate('1') ?? 0n;
    rateId = null;
  } else {
    const rate = await latestRate(tx, currency.code);
    if (!rate || !isRateCurrent(rate.postedAt, now))
      throw new Rejection('FX_RATE_UNAVAILABLE', 'internationalDetails.currency');
    if (quote.rateId !== rate.id.toString()) throw new Rejection('FX_RATE_CHANGED');
    rateScaled = rate.usdPerUnitScaled;
    rateId = rate.id.toString();
  }
  if (convertToUsdCents(minor, rateScaled, currency.digits) !== input.amountCents)
    throw new Rejection('FX_AMOUNT_MISMATCH', 'foreignAmount');
  return {
    ...details,
    currencySymbol: currencySymbol(currency.code),
    foreignAmount: formatForeignAmount(minor, currency.digits),
    usdPerUnit: formatRate(rateScaled),
    rateId,
  };
}

interface RateListRow {
  id: bigint;
  currency: string;
  usdPerUnitScaled: bigint;
  postedAt: Date;
  postedBy: string | null;
}

/** The newest rate of each currency, by currency code, one keyset page at a time. */
async function newestPerCurrency(
  db: DbOrTx,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ rows: RateListRow[]; nextCursor: string | null }> {
  const newest = db
    .selectDistinctOn([fxRates.currency], {
      id: fxRates.id,
      currency: fxRates.currency,
      usdPerUnitScaled: fxRates.usdPerUnitScaled,
      postedAt: fxRates.postedAt,
      postedBy: fxRates.postedBy,
    })
    .from(fxRates)
    .where(page.cursor ? gt(fxRates.currency, page.cursor) : undefined)
    .orderBy(fxRates.currency, desc(fxRates.id))
    .limit(page.limit + 1)
    .as('newest');
  const rows = await db
    .select({
      id: newest.id,
      currency: newest.currency,
      usdPerUnitScaled: newest.usdPerUnitScaled,
      postedAt: newest.postedAt,
      postedBy: sql<string | null>`${profiles.firstName} || ' ' || ${profiles.surname}`,
    })
    .from(newest)
    .leftJoin(profiles, eq(profiles.userId, newest.postedBy))
    .orderBy(newest.currency);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return { rows: items, nextCursor: rows.length > page.limit && last ? last.currency : null };
}

function toAdminRate(row: RateListRow, now: Date): AdminFxRate {
  return {
    id: row.id.toString(),
    currency: row.currency,
    usdPerUnit: formatRate(row.usdPerUnitScaled),
    postedAt: row.postedAt.toISOString(),
    current: isRateCurrent(row.postedAt, now),
    postedBy: row.postedBy,
  };
}

export interface FxRateService {
  /** Customers: the newest rate of each currency (who posted it is the bank's business). */
  list(page: { cursor?: string | undefined; limit: number }): Promise<{
    items: Omit<AdminFxRate, 'postedBy'>[];
    nextCursor: string | null;
  }>;
  /** The back office: the same, with who posted each (the admin's name; null for the seed's). */
  adminList(page: {
    cursor?: string | undefined;
    limit: number;
  }): Promise<{ items: AdminFxRate[]; nextCursor: string | null }>;
  /** Posts a new rate for `currency`, audited with the rate it replaces. */
  post(actor: { userId: string; ip: string }, currency: string, usdPerUnit: string): Promise<AdminFxRate>;
}

export function createFxRateService(deps: { db: Database; clock: Clock; audit: AuditLog }): FxRateService {
  const { db, clock, audit } = deps;
  return {
    async list(page) {
      const { rows, nextCursor } = await newestPerCurrency(db, page);
      const now = clock.now();
      return {
        items: rows.map((row) => {
          const { postedBy: _hidden, ...rate } = toAdminRate(row, now);
          return rate;
        }),
        nextCursor,
      };
    },

    async adminList(page) {
      const { rows, nextCursor } = await newestPerCurrency(db, page);
      const now = clock.now();
      return { items: rows.map((row) => toAdminRate(row, now)), nextCursor };
    },

    async post(actor, currency, usdPerUnit) {
      if (currency === BASE_CURRENCY) throw new AppError('FX_BASE_CURRENCY');
      const scaled = parseRate(usdPerUnit);
      // The request schema has already refused what does not parse; this is a second look.
      if (scaled === null) throw new AppError('VALIDATION_FAILED');
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        // One posting of a currency at a time: the audit's "before" is the rate this one replaces.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fx_rates:${currency}`}))`);
        const before = await latestRate(tx, currency);
        const [inserted] = await tx
          .insert(fxRates)
          .values({ currency, usdPerUnitScaled: scaled, postedAt: now, postedBy: actor.userId })
          .returning({ id: fxRates.id });
        if (!inserted) throw new Error('fx rate insert returned no row');
        await audit.record(tx, {
          action: 'admin.fx_rate',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'fx_rate',
          subjectId: currency,
          ip: actor.ip,
          details: {
            currency,
            rateId: inserted.id.toString(),
            before: before ? formatRate(before.usdPerUnitScaled) : null,
            after: formatRate(scaled),
          },
        });
        return inserted;
      });
      const [poster] = await db
        .select({ firstName: profiles.firstName, surname: profiles.surname })
        .from(profiles)
        .where(eq(profiles.userId, actor.userId))
        .limit(1);
      return toAdminRate(
        {
          id: row.id,
          currency,
          usdPerUnitScaled: scaled,
          postedAt: now,
          postedBy: poster ? `${poster.firstName} ${poster.surname}` : null,
        },
        now,
      );
    },
  };
}

/** Seeds and tests: posts rates directly, e.g. `{ EUR: '1.08', JPY: '0.0067' }` (no audit row: no request). */
export async function postSeedRates(
  db: DbOrTx,
  rates: Record<string, string>,
  at: Date,
  postedBy: string | null = null,
): Promise<void> {
  const values = Object.entries(rates).map(([currency, usdPerUnit]) => {
    const scaled = parseRate(usdPerUnit);
    if (scaled === null || currency === BASE_CURRENCY)
      throw new Error(`not a rate: ${currency} ${usdPerUnit}`);
    return { currency, usdPerUnitScaled: scaled, postedAt: at, postedBy };
  });
  if (values.length > 0) await db.insert(fxRates).values(values);
}
