import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { SignedUpCustomer } from './identity';

/**
 * What a query costs in rows, and records written the way any path writes them, for the tests
 * that hold a movement's cost flat however large the bank or a customer's history (issue 15).
 */

type CountedTable = 'accounts' | 'transaction_records';
type StatColumn = '(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))' | 'coalesce(n_tup_upd, 0)';

async function xactStat(tx: DbOrTx, table: CountedTable, column: StatColumn): Promise<number> {
  const result = (await tx.execute(sql`
    select ${sql.raw(column)}::int as n from pg_stat_xact_user_tables where relname = ${table}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/**
 * Rows of `table` the current transaction has read so far, by scans of any kind: PostgreSQL's own
 * per-transaction counters, which count what a function reads inside too (EXPLAIN cannot see there).
 */
export function rowsRead(tx: DbOrTx, table: CountedTable): Promise<number> {
  return xactStat(tx, table, '(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))');
}

/** Rows of `table` the current transaction has updated so far. */
export function rowsUpdated(tx: DbOrTx, table: CountedTable): Promise<number> {
  return xactStat(tx, table, 'coalesce(n_tup_upd, 0)');
}

/**
 * `count` records of `owner`'s written straight into transaction_records in one statement (the
 * table's triggers fire, as for any writer), on the owner's first journal entry: the n-th dated
 * `at` less n × `stepMinutes` (recorded then too), so that none of them need a posting of its own.
 * `direction: 'alternating'` makes the odd ones credits and the even ones debits of the same
 * amount, which leave the balance they imply where it was.
 */
export async function insertRecords(
  db: DbOrTx,
  input: {
    owner: SignedUpCustomer;
    counterparty: SignedUpCustomer;
    prefix: string;
    count: number;
    direction: 'debit' | 'alternating';
    type: string;
    amountCents: number;
    at: Date;
    stepMinutes: number;
  },
): Promise<void> {
  const { owner, counterparty } = input;
  const at = input.at.toISOString();
  const direction =
    input.direction === 'alternating'
      ? sql`case when g % 2 = 0 then 'debit' else 'credit' end`
      : sql`'debit'`;
  await db.execute(sql`
    insert into transaction_records (transaction_id, user_id, entry_id, direction, type, amount_cents,
      recipient_name, recipient_account, bank_name, sender_name, sender_account, purpose,
      created_at, recorded_at, updated_at)
    select ${input.prefix} || g, ${owner.userId}::uuid,
      (select entry_id from transaction_records where user_id = ${owner.userId}::uuid limit 1),
      ${direction}, ${input.type}, ${input.amountCents}, 'Someone', ${counterparty.accountNumber},
      'Larkspur Bank', 'Owner', ${owner.accountNumber}, ${input.prefix},
      ${at}::timestamptz - g * ${input.stepMinutes} * interval '1 minute',
      ${at}::timestamptz - g * ${input.stepMinutes} * interval '1 minute', ${at}::timestamptz
    from generate_series(1, ${input.count}) g`);
}
