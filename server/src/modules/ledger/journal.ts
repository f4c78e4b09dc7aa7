import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, type journalEntries, type transactionRecords } from '../../db/schema/index';
import type { OutgoingEmail } from '../email/index';
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

/** A customer's record as `lb_post_movement` writes it: its columns, and the alert it sends, if any. */
export interface PostedRecord {
  row: Omit<typeof transactionRecords.$inferInsert, 'entryId' | 'recordedAt' | 'updatedAt'>;
  /** The money alert to the record's customer: stored as the record's fields with `accountId`'s balance after. */
  alert?: { to: string; name: string; accountId: number };
}

/**
 * The posting primitive (decision 0173): one call of the SQL function `lb_post_movement`, which
 * writes one balanced journal entry, its postings (in leg order), the cached balances moved by its
 * legs, the customers' records with their alerts, and any other notice of the movement — the same
 * function a transfer's `lb_transfer` posts through. The caller holds the locks and has checked
 * every business rule; what is asserted here only a bug could break.
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
  options: { records?: PostedRecord[]; emails?: OutgoingEmail[] } = {},
): Promise<{ entryId: number; balances: Map<number, bigint> }> {
  assert(entry.legs.length >= 2 && entry.legs.length <= LEGS_MAX, 'an entry has 2 to 4 legs');
  let sum = 0n;
  for (const leg of entry.legs) {
    assert(leg.amountCents !== 0n, 'a leg moves money');
    sum += leg.amountCents;
  }
  assert(sum === 0n, 'an entry balances');
  const records = (options.records ?? []).map(({ row, alert }) => ({
    id: row.id,
    transaction_id: row.transactionId,
    user_id: row.userId,
    direction: row.direction,
    type: row.type,
    amount_cents: row.amountCents.toString(),
    currency: row.currency,
    recipient_name: row.recipientName,
    recipient_account: row.recipientAccount,
    bank_name: row.bankName,
    routing_number: row.routingNumber ?? null,
    sender_name: row.senderName,
    sender_account: row.senderAccount,
    purpose: row.purpose,
    status: row.status,
    international_details: row.internationalDetails ?? null,
    payee_check: row.payeeCheck ?? null,
    created_at: row.createdAt.toISOString(),
    ...(alert ? { alert: { ...alert, accountId: String(alert.accountId) } } : {}),
  }));
  const params = JSON.stringify({
    kind: entry.kind,
    description: entry.description,
    actorId: entry.actorId,
    at: entry.at.toISOString(),
    legs: entry.legs.map((leg) => ({ accountId: leg.accountId, amountCents: leg.amountCents.toString() })),
    records,
    emails: (options.emails ?? []).map((email) => ({
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      template: email.template,
      params: email.params,
    })),
  });
  const result = (await tx.execute(sql`select lb_post_movement(${params}::jsonb) as posted`)) as unknown as {
    rows: { posted: { entryId: number | string; balances: Record<string, string> } | string }[];
  };
  const raw = result.rows[0]?.posted;
  assert(raw !== undefined, 'lb_post_movement answered');
  const posted = typeof raw === 'string' ? (JSON.parse(raw) as Exclude<typeof raw, string>) : raw;
  const balances = new Map<number, bigint>();
  for (const [accountId, cents] of Object.entries(posted.balances))
    balances.set(Number(accountId), BigInt(cents));
  for (const leg of entry.legs) assert(balances.has(leg.accountId), 'posted account exists');
  return { entryId: Number(posted.entryId), balances };
}
