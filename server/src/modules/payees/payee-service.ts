import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  PAYEES_PER_CUSTOMER_MAX,
  RECENT_RECIPIENTS_MAX,
  transferTypes,
  type InternationalDetails,
  type Payee,
  type PayeePage,
  type RecentRecipient,
  type TransferType,
  type payeeInputSchema,
  internationalDetailsSchema,
  BANK_DISPLAY_NAME,
} from '@larkspur/contract';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { payees, profiles, transactionRecords } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuditLog } from '../audit/index';

/** A payee as the request schema hands it over (trimmed, defaults filled in). */
export type PayeeInput = z.output<typeof payeeInputSchema>;

/**
 * How many of a customer's newest records the overview's "recent recipients" reads: a fixed
 * bound, whatever their history (decision 0156). Distinct payees among them, at most
 * RECENT_RECIPIENTS_MAX, are shown.
 */
export const RECENT_RECORDS_SCANNED = 50;
const CURSOR_TAG = 'payees';

type PayeeRow = typeof payees.$inferSelect;

export interface PayeeService {
  list(userId: string, page: { cursor?: string | undefined; limit: number }): Promise<PayeePage>;
  create(actor: Actor, input: PayeeInput): Promise<Payee>;
  update(actor: Actor, id: string, input: PayeeInput): Promise<Payee>;
  remove(actor: Actor, id: string): Promise<void>;
  recent(userId: string): Promise<RecentRecipient[]>;
}

/** The details as a transfer of that type carries them: one shape per type, nothing stray. */
function canonical(input: PayeeInput) {
  const details = input.type === 'International Transfer' ? (input.internationalDetails ?? null) : null;
  return {
    nickname: input.nickname,
    type: input.type,
    recipientAccount: input.recipientAccount,
    // An international payee names the recipient and bank once, in its details (as Send money does).
    recipientName: details ? details.recipientFullName : input.recipientName,
    bankName: details
      ? details.recipientBank
      : input.type === 'Wire Transfer'
        ? input.bankName || BANK_DISPLAY_NAME
        : BANK_DISPLAY_NAME,
    routingNumber: input.type === 'Wire Transfer' ? (input.routingNumber ?? null) : null,
    internationalDetails: details,
  };
}

/**
 * The same payee twice: one type, one account (for an international one the IBAN or account
 * number, normalised by the contract: decision 0164), and for an international one the same SWIFT.
 */
function samePayee(values: ReturnType<typeof canonical>): SQL {
  const details = values.internationalDetails;
  return and(
    eq(payees.type, values.type),
    eq(payees.recipientAccount, values.recipientAccount),
    details ? sql`${payees.internationalDetails}->>'swiftBic' = ${details.swiftBic}` : undefined,
  ) as SQL;
}

/** When the customer last paid this account by transfer (their debit records to it), per payee. */
function lastPaidSql(userId: string): SQL<Date | string | null> {
  return sql<Date | string | null>`(select max(${transactionRecords.createdAt}) from ${transactionRecords}
    where ${transactionRecords.userId} = ${userId}
      and ${transactionRecords.recipientAccount} = ${payees.recipientAccount}
      and ${transactionRecords.direction} = 'debit'
      and ${inArray(transactionRecords.type, [...transferTypes])})`;
}

function toPayee(row: PayeeRow, lastPaid: Date | string | null): Payee {
  return {
    id: row.id,
    nickname: row.nickname,
    type: row.type as TransferType,
    recipientAccount: row.recipientAccount,
    recipientName: row.recipientName,
    bankName: row.bankName,
    routingNumber: row.routingNumber,
    internationalDetails: (row.internationalDetails as InternationalDetails | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastPaidAt: lastPaid === null ? null : new Date(lastPaid).toISOString(),
  };
}

/**
 * The payee book (issue 18, decision 0156). Every read and write is scoped to the signed-in
 * customer: another customer's payee is answered exactly like a missing one.
 */
export function createPayeeService(deps: { db: Database; clock: Clock; audit: AuditLog }): PayeeService {
  const { db, clock, audit } = deps;

  async function byId(tx: DbOrTx, userId: string, id: string): Promise<Payee> {
    const [row] = await tx
      .select({ payee: payees, lastPaid: lastPaidSql(userId) })
      .from(payees)
      .where(and(eq(payees.id, id), eq(payees.userId, userId)))
      .limit(1);
    if (!row) throw new AppError('PAYEE_NOT_FOUND');
    return toPayee(row.payee, row.lastPaid);
  }

  /** Locks the customer's profile row: saving payees queues per customer, so the cap holds under races. */
  async function lockOwner(tx: Tx, userId: string): Promise<string> {
    const [owner] = await tx
      .select({ accountNumber: profiles.accountNumber })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('no key update');
    if (!owner) throw new AppError('UNAUTHENTICATED');
    return owner.accountNumber ?? '';
  }

  async function refuseDuplicate(
    tx: Tx,
    userId: string,
    values: ReturnType<typeof canonical>,
    except?: string,
  ) {
    const [dup] = await tx
      .select({ id: payees.id })
      .from(payees)
      .where(and(eq(payees.userId, userId), samePayee(values), except ? ne(payees.id, except) : undefined))
      .limit(1);
    if (dup) throw new AppError('PAYEE_ALREADY_SAVED', { field: 'recipientAccount' });
  }

  async function record(tx: DbOrTx, actor: Actor, action: string, payeeId: string) {
    await audit.record(tx, {
      action,
      outcome: 'success',
      actorId: actor.userId,
      actorRole: 'user',
      subjectType: 'user',
      subjectId: actor.userId,
      ip: actor.ip,
      details: { payeeId },
    });
  }

  return {
    async list(userId, page) {
      const after = page.cursor ? decodeCursor(page.cursor, CURSOR_TAG, ['text', 'uuid']) : null;
      const nameKey = sql`lower(${payees.recipientName})`;
      const rows = await db
        .select({ payee: payees, lastPaid: lastPaidSql(userId), nameKey: sql<string>`${nameKey}` })
        .from(payees)
        .where(
          and(
            eq(payees.userId, userId),
            after ? sql`(${nameKey}, ${payees.id}) > (${after[0]}, ${after[1]}::uuid)` : undefined,
          ),
        )
        .orderBy(nameKey, payees.id)
        .limit(page.limit + 1);
      const items = rows.slice(0, page.limit);
      const last = items[items.length - 1];
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payees)
        .where(eq(payees.userId, userId));
      return {
        items: items.map((row) => toPayee(row.payee, row.lastPaid)),
        nextCursor:
          rows.length > page.limit && last ? encodeCursor(CURSOR_TAG, [last.nameKey, last.payee.id]) : null,
        total: Number(count?.n ?? 0),
        max: PAYEES_PER_CUSTOMER_MAX,
      };
    },

    async create(actor, input) {
      const values = canonical(input);
      const id = await db.transaction(async (tx) => {
        const own = await lockOwner(tx, actor.userId);
        if (values.recipientAccount === own)
          throw new AppError('SELF_TRANSFER', { field: 'recipientAccount' });
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(payees)
          .where(eq(payees.userId, actor.userId));
        if (Number(count?.n ?? 0) >= PAYEES_PER_CUSTOMER_MAX) throw new AppError('PAYEE_LIMIT_REACHED');
        await refuseDuplicate(tx, actor.userId, values);
        const now = clock.now();
        const [row] = await tx
          .insert(payees)
          .values({ ...values, userId: actor.userId, createdAt: now, updatedAt: now })
          .returning({ id: payees.id });
        if (!row) throw new Error('payee insert returned no row');
        await record(tx, actor, 'payee.create', row.id);
        return row.id;
      });
      return byId(db, actor.userId, id);
    },

    async update(actor, id, input) {
      const values = canonical(input);
      await db.transaction(async (tx) => {
        const own = await lockOwner(tx, actor.userId);
        const [row] = await tx
          .select({ id: payees.id })
          .from(payees)
          .where(and(eq(payees.id, id), eq(payees.userId, actor.userId)))
          .limit(1);
        if (!row) throw new AppError('PAYEE_NOT_FOUND');
        if (values.recipientAccount === own)
          throw new AppError('SELF_TRANSFER', { field: 'recipientAccount' });
        await refuseDuplicate(tx, actor.userId, values, id);
        await tx
          .update(payees)
          .set({ ...values, updatedAt: clock.now() })
          .where(and(eq(payees.id, id), eq(payees.userId, actor.userId)));
        await record(tx, actor, 'payee.update', id);
      });
      return byId(db, actor.userId, id);
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(payees)
          .where(and(eq(payees.id, id), eq(payees.userId, actor.userId)))
          .returning({ id: payees.id });
        if (deleted.length === 0) throw new AppError('PAYEE_NOT_FOUND');
        await record(tx, actor, 'payee.delete', id);
      });
    },

    async recent(userId) {
      // The newest RECENT_RECORDS_SCANNED records by the (user_id, created_at, id) index, then the
      // transfers among them: the work is bounded whatever the customer's history.
      const newest = db
        .select({
          type: transactionRecords.type,
          direction: transactionRecords.direction,
          recipientAccount: transactionRecords.recipientAccount,
          recipientName: transactionRecords.recipientName,
          bankName: transactionRecords.bankName,
          routingNumber: transactionRecords.routingNumber,
          internationalDetails: transactionRecords.internationalDetails,
          createdAt: transactionRecords.createdAt,
          id: transactionRecords.id,
        })
        .from(transactionRecords)
        .where(eq(transactionRecords.userId, userId))
        .orderBy(desc(transactionRecords.createdAt), desc(transactionRecords.id))
        .limit(RECENT_RECORDS_SCANNED)
        .as('newest');
      const rows = await db
        .select()
        .from(newest)
        .where(and(eq(newest.direction, 'debit'), inArray(newest.type, [...transferTypes])))
        .orderBy(desc(newest.createdAt), desc(newest.id));
      const seen = new Set<string>();
      const items: RecentRecipient[] = [];
      for (const row of rows) {
        // Only what a payee holds; a record from before migration 0011 (free-text country, no
        // ISO currency) cannot fill the form, so it is not offered.
        const stored = row.internationalDetails as Record<string, unknown> | null;
        const parsed =
          stored === null
            ? null
            : internationalDetailsSchema.safeParse({
                recipientFullName: stored.recipientFullName,
                recipientBank: stored.recipientBank,
                swiftBic: stored.swiftBic,
                country: stored.country,
                currency: stored.currency,
              });
        if (parsed && !parsed.success) continue;
        const details: InternationalDetails | null = parsed ? parsed.data : null;
        const key = JSON.stringify([row.type, row.recipientAccount, details?.swiftBic ?? null]);
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({
          type: row.type as TransferType,
          recipientAccount: row.recipientAccount,
          recipientName: row.recipientName,
          bankName: row.bankName,
          routingNumber: row.routingNumber,
          internationalDetails: details,
          lastPaidAt: row.createdAt.toISOString(),
        });
        if (items.length === RECENT_RECIPIENTS_MAX) break;
      }
      return items;
    },
  };
}
