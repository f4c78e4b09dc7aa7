import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatCents,
  type AdminHold,
  type AdminHoldListQuery,
  type AdminHoldPage,
  type HoldStatus,
} from '@larkspur/contract';
import type { Database, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { accounts, checkImages, depositHolds, profiles, transactionRecords } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuditLog } from '../audit/index';
import type { EmailBrand } from '../email/index';
import { lockAccounts } from '../ledger/index';
import { postCheckReturn } from '../ledger/index';
import type { UserService } from '../users/index';
import { isNewlyAppointed } from '../staff/index';

/**
 * What reviewers do with holds (issue 13, decisions 0070–0071): list them, release one early, or
 * return the check. Each action locks the hold's row first and then the accounts (the order the
 * release job uses too), and acts only on an active hold: of two reviewers racing on one hold,
 * the second waits for the first and then gets HOLD_NOT_ACTIVE (409).
 */

export { RETURNED_CHECK_TYPE } from '../ledger/index';
const HOLD_CURSOR_TAG = 'holds';

export function createHoldService(deps: {
  db: Database;
  clock: Clock;
  brand: EmailBrand;
  audit: AuditLog;
  users: UserService;
}) {
  const { db, clock, brand, audit, users } = deps;
  const reviewers = alias(profiles, 'reviewer');

  const holdColumns = {
    id: depositHolds.id,
    recordId: depositHolds.recordId,
    transactionId: transactionRecords.transactionId,
    userId: depositHolds.userId,
    firstName: profiles.firstName,
    surname: profiles.surname,
    accountNumber: profiles.accountNumber,
    amountCents: depositHolds.amountCents,
    releasedCents: depositHolds.releasedCents,
    checkNumber: depositHolds.checkNumber,
    routingNumber: depositHolds.routingNumber,
    payerAccountNumber: depositHolds.payerAccountNumber,
    createdAt: depositHolds.createdAt,
    cursorAt: sql<string>`to_char(${depositHolds.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
    availableAt: depositHolds.availableAt,
    status: depositHolds.status,
    reviewerId: depositHolds.reviewerId,
    reviewerFirstName: reviewers.firstName,
    reviewerSurname: reviewers.surname,
    reviewReason: depositHolds.reviewReason,
    releasedAt: depositHolds.releasedAt,
    returnedAt: depositHolds.returnedAt,
    returnedCollectedCents: depositHolds.returnedCollectedCents,
    returnedShortfallCents: depositHolds.returnedShortfallCents,
  };

  function selectHolds() {
    return db
      .select(holdColumns)
      .from(depositHolds)
      .innerJoin(transactionRecords, eq(transactionRecords.id, depositHolds.recordId))
      .innerJoin(profiles, eq(profiles.userId, depositHolds.userId))
      .leftJoin(reviewers, eq(reviewers.userId, depositHolds.reviewerId));
  }

  function toAdminHold(row: Awaited<ReturnType<typeof selectHolds>>[number]): AdminHold {
    const cents = (value: bigint | null) => (value === null ? null : formatCents(value));
    return {
      id: row.id,
      recordId: row.recordId,
      transactionId: row.transactionId,
      userId: row.userId,
      customerName: `${row.firstName} ${row.surname}`,
      accountNumber: row.accountNumber ?? '',
      amount: formatCents(row.amountCents),
      heldAmount: formatCents(row.status === 'active' ? row.amountCents - row.releasedCents : 0n),
      checkNumber: row.checkNumber,
      routingNumber: row.routingNumber,
      payerAccountNumber: row.payerAccountNumber,
      createdAt: row.createdAt.toISOString(),
      availableAt: row.availableAt.toISOString(),
      status: row.status,
      reviewerId: row.reviewerId,
      reviewerName:
        row.reviewerFirstName === null
          ? null
          : `${row.reviewerFirstName} ${row.reviewerSurname ?? ''}`.trim(),
      reviewReason: row.reviewReason,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      returnedAt: row.returnedAt?.toISOString() ?? null,
      returnedCollected: cents(row.returnedCollectedCents),
      returnedShortfall: cents(row.returnedShortfallCents),
    };
  }

  async function getHold(id: string): Promise<AdminHold> {
    const [row] = await selectHolds().where(eq(depositHolds.id, id)).limit(1);
    if (!row) throw new AppError('HOLD_NOT_FOUND');
    return toAdminHold(row);
  }

  /**
   * The hold's row, locked for the rest of the transaction; 404 if there is none, 409 if the
   * action no longer applies: only an active hold can be released; a check can be returned while
   * held or after release (a check may bounce after its money became available), but only once.
   */
  async function lockHoldFor(tx: Tx, id: string, action: 'release' | 'return') {
    const [hold] = await tx.select().from(depositHolds).where(eq(depositHolds.id, id)).for('update').limit(1);
    if (!hold) throw new AppError('HOLD_NOT_FOUND');
    if (hold.status === 'returned') throw new AppError('HOLD_ALREADY_RETURNED');
    if (action === 'release' && hold.status !== 'active') throw new AppError('HOLD_NOT_ACTIVE');
    return hold;
  }

  return {
    /** Newest first, keyset-paginated, one status at a time (active by default). */
    async list(query: { status: HoldStatus; cursor?: string; limit: number }): Promise<AdminHoldPage> {
      const where = [eq(depositHolds.status, query.status)];
      if (query.cursor) {
        const [at, id] = decodeCursor(query.cursor, `${HOLD_CURSOR_TAG}:${query.status}`, [
          'timestamp',
          'uuid',
        ]);
        where.push(sql`(${depositHolds.createdAt}, ${depositHolds.id}) < (${at}::timestamptz, ${id}::uuid)`);
      }
      const rows = await selectHolds()
        .where(and(...where))
        // `nulls last`, as the index is built (a plain `desc` is nulls first and would not use it).
        .orderBy(sql`${depositHolds.createdAt} desc nulls last`, sql`${depositHolds.id} desc nulls last`)
        .limit(query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      return {
        items: items.map(toAdminHold),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(`${HOLD_CURSOR_TAG}:${query.status}`, [last.cursorAt, last.id])
            : null,
      };
    },

    get: getHold,

    /** Releases what is still held, now: the money becomes available at once. */
    async release(actor: Actor, id: string, reason: string): Promise<AdminHold> {
      const userId = await db.transaction(async (tx) => {
        const hold = await lockHoldFor(tx, id, 'release');
        const now = clock.now();
        // Decision 0210: an early release frees money a check has not yet earned.
        if (await isNewlyAppointed(tx, actor.userId, now)) throw new AppError('HOLD_REVIEWER_TOO_NEW');
        const held = hold.amountCents - hold.releasedCents;
        await lockAccounts(tx, [hold.accountId]);
        await tx
          .update(depositHolds)
          .set({
            status: 'released',
            releasedCents: hold.amountCents,
            nextReleaseAt: null,
            releasedAt: now,
            reviewerId: actor.userId,
            reviewReason: reason,
          })
          .where(eq(depositHolds.id, id));
        await tx
          .update(accounts)
          .set({ heldCents: sql`${accounts.heldCents} - ${held}` })
          .where(eq(accounts.id, hold.accountId));
        await audit.record(tx, {
          action: 'admin.hold_release',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'hold',
          subjectId: id,
          ip: actor.ip,
          reason,
          details: { userId: hold.userId, checkNumber: hold.checkNumber, released: formatCents(held) },
        });
        return hold.userId;
      });
      users.profilesChanged([userId]);
      return getHold(id);
    },

    /**
     * Returns the check (decision 0071): the deposit is reversed by a `check_return` entry that
     * gives the whole amount back to check clearing; the customer pays what their balance covers
     * without touching their other holds (available + this hold's held part, at most the amount),
     * and the rest is the bank's loss on `returned_item_losses`. The customer sees a Returned Check
     * debit for the whole amount and gets an email that says what was collected.
     */
    async returnCheck(actor: Actor, id: string, reason: string): Promise<AdminHold> {
      const userId = await db.transaction(async (tx) => {
        const hold = await lockHoldFor(tx, id, 'return');
        const now = clock.now();
        const returned = await postCheckReturn({ brand }, tx, {
          hold,
          actorId: actor.userId,
          reason,
          at: now,
        });
        await tx
          .update(depositHolds)
          .set({
            status: 'returned',
            nextReleaseAt: null,
            returnedAt: now,
            reviewerId: actor.userId,
            reviewReason: reason,
            returnEntryId: returned.entryId,
            returnRecordId: returned.recordId,
            returnedCollectedCents: returned.collectedCents,
            returnedShortfallCents: returned.shortfallCents,
          })
          .where(eq(depositHolds.id, id));
        await audit.record(tx, {
          action: 'admin.hold_return',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'hold',
          subjectId: id,
          ip: actor.ip,
          reason,
          details: {
            userId: hold.userId,
            checkNumber: hold.checkNumber,
            transactionId: returned.transactionId,
            amount: formatCents(hold.amountCents),
            collected: formatCents(returned.collectedCents),
            shortfall: formatCents(returned.shortfallCents),
            before: { balance: formatCents(returned.balanceBeforeCents) },
            after: { balance: formatCents(returned.balanceAfterCents) },
          },
        });
        return hold.userId;
      });
      users.profilesChanged([userId]);
      return getHold(id);
    },

    /** A stored (re-encoded) photo of the hold's check, or null. */
    async image(id: string, side: 'front' | 'back'): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db
        .select({ contentType: checkImages.contentType, bytes: checkImages.bytes })
        .from(depositHolds)
        .innerJoin(checkImages, eq(checkImages.recordId, depositHolds.recordId))
        .where(and(eq(depositHolds.id, id), eq(checkImages.side, side)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type HoldService = ReturnType<typeof createHoldService>;
export type { AdminHoldListQuery };
