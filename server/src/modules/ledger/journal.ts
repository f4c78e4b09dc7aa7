import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, journalEntries, postings } from '../../db/schema/index';
import { assert } from '../../lib/errors';

export type EntryKind = (typeof journalEntries.$inferInsert)['kind'];

export interface LockedAccount {
  id: number;
  kind: 'customer' | 'system';
  userId: string | null;
  balanceCents: bigint;
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
    })
    .from(accounts)
    .where(inArray(accounts.id, unique))
    .orderBy(accounts.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes one balanced journal entry and moves the cached balances by its legs. The caller holds
 * the locks and has checked every business rule; what is asserted here only a bug could break.
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
): Promise<{ entryId: number; balances: Map<number, bigint> }> {
  assert(entry.legs.length >= 2 && entry.legs.length <= LEGS_MAX, 'an entry has 2 to 4 legs');
  let sum = 0n;
  for (const leg of entry.legs) {
    assert(leg.amountCents !== 0n, 'a leg moves money');
    sum += leg.amountCents;
  }
  assert(sum === 0n, 'an entry balances');

  const [row] = await tx
    .insert(journalEntries)
    .values({ kind: entry.kind, description: entry.description, actorId: entry.actorId, createdAt: entry.at })
    .returning({ id: journalEntries.id });
  assert(row, 'entry insert returned its id');
  await tx.insert(postings).values(
    entry.legs.map((leg) => ({
      entryId: row.id,
      accountId: leg.accountId,
      amountCents: leg.amountCents,
      createdAt: entry.at,
    })),
  );

  const balances = new Map<number, bigint>();
  for (const leg of entry.legs) {
    const [updated] = await tx
      .update(accounts)
      .set({ balanceCents: sql`${accounts.balanceCents} + ${leg.amountCents}` })
      .where(sql`${accounts.id} = ${leg.accountId}`)
      .returning({ balanceCents: accounts.balanceCents });
    assert(updated, 'posted account exists');
    balances.set(leg.accountId, updated.balanceCents);
  }
  return { entryId: row.id, balances };
}
