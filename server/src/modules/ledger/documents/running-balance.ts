import { sql, type SQL } from 'drizzle-orm';
import { formatCents, type CustomerTransactionRecord, type TransactionRecord } from '@larkspur/contract';
import type { ReadDatabase } from '../../../db/client';
import { assert } from '../../../lib/errors';
import { RETURNED_CHECK_TYPE } from '../movements/check-return';

export async function rowsOf<T>(db: ReadDatabase, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * What one record (aliased `r`) did to its owner's balance, in signed cents. Every posting on a
 * customer's account has its record, and an edit changes the record by the same difference as its
 * adjusting entry (decision 0154), so a record's signed amount is its effect — except a Returned
 * Check with a shortfall: its record states the whole check, the balance fell by what could be
 * collected (decision 0071), and the hold keeps the part that was not taken.
 */
export const RECORD_EFFECT_SQL =
  sql.raw(`(case when r.direction = 'credit' then r.amount_cents else -r.amount_cents end
  + case when r.type = '${RETURNED_CHECK_TYPE.replace(/'/g, "''")}' then coalesce((select h.returned_shortfall_cents
      from deposit_holds h where h.user_id = r.user_id and h.return_record_id = r.id), 0) else 0 end)`);

/**
 * The account's balance right after each listed record (decision 0162): the current balance less
 * every record of the account that comes after it in date order (`created_at`, then id). It does
 * not depend on the filter that chose the records. One statement, so one snapshot: the balance and
 * the records it walks back over agree. It reads the records from the oldest listed one to the
 * newest of the account: a first page reads about a page, page n about n pages.
 *
 * `from`: a record newer than every one listed and the balance after it, known already (the CSV's
 * previous page, issue 28): the walk starts there instead of at the current balance, so each page
 * of an export reads about a page, however deep.
 */
export async function balancesAfter(
  db: ReadDatabase,
  userId: string,
  records: readonly TransactionRecord[],
  from?: { id: string; balanceAfterCents: bigint },
): Promise<Map<string, bigint>> {
  const balances = new Map<string, bigint>();
  const oldest = records[records.length - 1];
  if (!oldest) return balances;
  const ids = sql.join(
    records.map((record) => sql`${record.id}::uuid`),
    sql`, `,
  );
  if (from) {
    const walked = await rowsOf<{ id: string; newer_cents: string | null }>(
      db,
      sql`with anchor as (
            select created_at, id from transaction_records where id = ${oldest.id}::uuid and user_id = ${userId}::uuid
          ),
          top as (
            select created_at, id from transaction_records where id = ${from.id}::uuid and user_id = ${userId}::uuid
          ),
          span as (
            select r.id, sum(${RECORD_EFFECT_SQL}) over (
                     order by r.created_at desc, r.id desc rows between unbounded preceding and 1 preceding
                   ) as newer_cents
            from transaction_records r, anchor, top
            where r.user_id = ${userId}::uuid and (r.created_at, r.id) >= (anchor.created_at, anchor.id)
              and (r.created_at, r.id) <= (top.created_at, top.id)
          )
          select span.id::text as id, coalesce(span.newer_cents, 0)::text as newer_cents
          from span where span.id in (${ids})`,
    );
    for (const row of walked) balances.set(row.id, from.balanceAfterCents - BigInt(row.newer_cents ?? '0'));
    return balances;
  }
  const found = await rowsOf<{ id: string; balance_after: string }>(
    db,
    sql`with anchor as (
          select created_at, id from transaction_records where id = ${oldest.id}::uuid and user_id = ${userId}::uuid
        ),
        span as (
          select r.id, sum(${RECORD_EFFECT_SQL}) over (
                   order by r.created_at desc, r.id desc rows between unbounded preceding and 1 preceding
                 ) as newer_cents
          from transaction_records r, anchor
          where r.user_id = ${userId}::uuid and (r.created_at, r.id) >= (anchor.created_at, anchor.id)
        )
        select span.id::text as id, (a.balance_cents - coalesce(span.newer_cents, 0))::text as balance_after
        from span, accounts a
        where a.user_id = ${userId}::uuid and span.id in (${ids})`,
  );
  for (const row of found) balances.set(row.id, BigInt(row.balance_after));
  return balances;
}

/** The customer's page with each record's balance after it. */
export async function withBalancesAfter(
  db: ReadDatabase,
  userId: string,
  page: { items: TransactionRecord[]; nextCursor: string | null },
): Promise<{ items: CustomerTransactionRecord[]; nextCursor: string | null }> {
  const balances = await balancesAfter(db, userId, page.items);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((record) => {
      const after = balances.get(record.id);
      // A record listed a moment ago is still there: records are never deleted.
      assert(after !== undefined, 'a listed record has a balance after it');
      return { ...record, balanceAfter: formatCents(after) };
    }),
  };
}
