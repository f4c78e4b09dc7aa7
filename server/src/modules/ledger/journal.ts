import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, journalEntries, postings } from '../../db/schema/index';
import { assert } from '../../lib/errors';

export type EntryKind = (typeof journalEntries.$inferInsert)['kind'];

export interface LockedAccount {
  id: number;
  kind: 'customer' | 'system';
  userId: string | null;
  balanceCents: bigint;
  /** Check-deposit cents on hold (customer accounts; decision 0070). */
  heldCents: bigint;
  createdAt: Date;
}

/** Most legs any one entry has (a transfer has two); a bound on what one call may write. */
const LEGS_MAX = 4;

/**
 * Locks accounts for the rest of the transaction, always in id order, so two movements touching
 * the same accounts queue behind each other instead of deadlocking.
 */
export async function lockAccounts(tx: DbOrTx, ids: number[]): Promise<Map<number, LockedAccount>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select({
      id: accounts.id,
      kind: accounts.kind,
      userId: accounts.userId,
      balanceCents: accounts.balanceCents,
      heldCents: accounts.heldCents,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(inArray(accounts.id, unique))
    .orderBy(accounts.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The id of the entry `postEntry` is writing, for the statements it runs `alongside` (a record
 * that points at its entry).
 */
export const POSTED_ENTRY_ID = sql`(select id from entry)`;

/**
 * Writes one balanced journal entry and moves the cached balances by its legs, in one statement:
 * the entry, its postings (in leg order) and the balance updates are data-modifying CTEs, so a
 * movement costs one round trip here instead of one per row. The caller holds the locks and has
 * checked every business rule; what is asserted here only a bug could break.
 *
 * `alongside`: the movement's other writes (its records, its email alerts), each a whole
 * INSERT, run as more CTEs of the same statement; every one of them runs, whether or not
 * anything reads it. `measure`: a scalar expression evaluated in the same statement and returned
 * as text; its snapshot is this statement's, taken after the caller's locks were granted.
 * Each is a round trip saved: on a busy server the round trips, not the SQL, are the cost.
 */
export async function postEntry(
  tx: DbOrTx,
  entry: {
    kind: EntryKind;
    description: string;
    actorId: string | null;
    at: Date;
    legs: { accountId: number; amountCents: bigint }[];
  },
  options: { alongside?: SQL[]; measure?: SQL } = {},
): Promise<{ entryId: number; balances: Map<number, bigint>; measured: string | null }> {
  assert(entry.legs.length >= 2 && entry.legs.length <= LEGS_MAX, 'an entry has 2 to 4 legs');
  let sum = 0n;
  for (const leg of entry.legs) {
    assert(leg.amountCents !== 0n, 'a leg moves money');
    sum += leg.amountCents;
  }
  assert(sum === 0n, 'an entry balances');

  const legs = sql.join(
    entry.legs.map(
      (leg, i) => sql`(${i}::int, ${leg.accountId}::bigint, ${leg.amountCents.toString()}::bigint)`,
    ),
    sql`, `,
  );
  const alongside = sql.join(
    (options.alongside ?? []).map(
      (statement, i) => sql`,\n    ${sql.raw(`alongside_${i}`)} as (${statement})`,
    ),
  );
  const measure = options.measure ?? sql`null`;
  // Summed per account before the update: UPDATE … FROM applies only one matching row per target,
  // so two legs on one account would otherwise move its balance by one of them.
  const result = (await tx.execute(sql`
    with entry as (
      insert into ${journalEntries} (kind, description, actor_id, created_at)
      values (${entry.kind}, ${entry.description}, ${entry.actorId}::uuid, ${entry.at.toISOString()}::timestamptz)
      returning id, created_at
    ),
    legs (ord, account_id, amount_cents) as (values ${legs}),
    posted as (
      insert into ${postings} (entry_id, account_id, amount_cents, created_at)
      select entry.id, legs.account_id, legs.amount_cents, entry.created_at from entry, legs order by legs.ord
    ),
    moved as (
      update ${accounts} set balance_cents = ${accounts}.balance_cents + net.amount_cents
      from (select account_id, sum(amount_cents)::bigint as amount_cents from legs group by account_id) net
      where ${accounts}.id = net.account_id
      returning ${accounts}.id, ${accounts}.balance_cents
    )${alongside}
    select entry.id::text as entry_id, moved.id::text as account_id, moved.balance_cents::text as balance_cents,
      ${measure}::text as measured
    from entry, moved
  `)) as unknown as {
    rows: { entry_id: string; account_id: string; balance_cents: string; measured: string | null }[];
  };

  const balances = new Map<number, bigint>();
  for (const row of result.rows) balances.set(Number(row.account_id), BigInt(row.balance_cents));
  for (const leg of entry.legs) assert(balances.has(leg.accountId), 'posted account exists');
  const entryId = result.rows[0]?.entry_id;
  assert(entryId !== undefined, 'entry insert returned its id');
  return { entryId: Number(entryId), balances, measured: result.rows[0]?.measured ?? null };
}
