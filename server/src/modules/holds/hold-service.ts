import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CURRENCY,
  formatCents,
  type AdminHold,
  type AdminHoldListQuery,
  type AdminHoldPage,
  type HoldStatus,
} from '@larkspur/contract';
import type { Database, Tx } from '../../db/client';
import {
  accounts,
  checkImages,
  depositHolds,
  identities,
  profiles,
  transactionRecords,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../admin/keyset-cursor';
import type { AuditLog } from '../audit/audit-log';
import { renderReturnedCheckNotice, type EmailBrand, type Outbox } from '../email/index';
import { BANK_DISPLAY_NAME } from '../ledger/banking-service';
import { lockAccounts, POSTED_ENTRY_ID, postEntry } from '../ledger/journal';
import { RECORD_STATUS_SUCCESSFUL } from '../ledger/records';
import { ensureSystemAccounts, SYSTEM_ACCOUNTS } from '../ledger/system-accounts';
import { newTransactionId, RECORD_PREFIXES } from '../ledger/transaction-ids';
import type { UserService } from '../users/user-service';

/**
 * What reviewers do with holds (issue 13, decisions 0070–0071): list them, release one early, or
 * return the check. Each action locks the hold's row first and then the accounts (the order the
 * release job uses too), and acts only on an active hold: of two reviewers racing on one hold,
 * the second waits for the first and then gets HOLD_NOT_ACTIVE (409).
 */

export const RETURNED_CHECK_TYPE = 'Returned Check';
const HOLD_CURSOR_TAG = 'holds';

export interface HoldActor {
  userId: string;
  ip: string | null;
}

export function createHoldService(deps: {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  brand: EmailBrand;
  audit: AuditLog;
  users: UserService;
}) {
  const { db, clock, outbox, brand, audit, users } = deps;
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
    async release(actor: HoldActor, id: string, reason: string): Promise<AdminHold> {
      const userId = await db.transaction(async (tx) => {
        const hold = await lockHoldFor(tx, id, 'release');
        const now = clock.now();
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
    async returnCheck(actor: HoldActor, id: string, reason: string): Promise<AdminHold> {
      const userId = await db.transaction(async (tx) => {
        const hold = await lockHoldFor(tx, id, 'return');
        const now = clock.now();
        const [customer] = await tx
          .select({
            firstName: profiles.firstName,
            surname: profiles.surname,
            accountNumber: profiles.accountNumber,
            email: identities.email,
          })
          .from(profiles)
          .innerJoin(identities, eq(identities.id, profiles.userId))
          .where(eq(profiles.userId, hold.userId))
          .limit(1);
        assert(customer, 'a hold belongs to a customer');
        const system = await ensureSystemAccounts(tx);
        const clearingId = system[SYSTEM_ACCOUNTS.checkClearing];
        const lossesId = system[SYSTEM_ACCOUNTS.returnedItemLosses];
        const locked = await lockAccounts(tx, [hold.accountId, clearingId, lossesId]);
        const account = locked.get(hold.accountId);
        assert(account, 'the hold account exists');

        const held = hold.status === 'active' ? hold.amountCents - hold.releasedCents : 0n;
        const available = account.balanceCents - account.heldCents;
        const coverable = available + held;
        const collected = coverable < hold.amountCents ? coverable : hold.amountCents;
        const shortfall = hold.amountCents - collected;
        const balanceAfter = account.balanceCents - collected;

        // The hold's held part stops counting first, so the balance may fall by it below.
        if (held > 0n)
          await tx
            .update(accounts)
            .set({ heldCents: sql`${accounts.heldCents} - ${held}` })
            .where(eq(accounts.id, hold.accountId));

        const fullName = `${customer.firstName} ${customer.surname}`;
        const accountNumber = customer.accountNumber ?? '';
        const record = {
          id: crypto.randomUUID(),
          transactionId: newTransactionId(RECORD_PREFIXES.withdrawal, now),
          userId: hold.userId,
          entryId: POSTED_ENTRY_ID,
          direction: 'debit' as const,
          type: RETURNED_CHECK_TYPE,
          amountCents: hold.amountCents,
          currency: CURRENCY,
          recipientName: BANK_DISPLAY_NAME,
          recipientAccount: '',
          bankName: BANK_DISPLAY_NAME,
          routingNumber: null,
          senderName: fullName,
          senderAccount: accountNumber,
          purpose: `Check #${hold.checkNumber} returned unpaid`,
          status: RECORD_STATUS_SUCCESSFUL,
          internationalDetails: null,
          createdAt: now,
          recordedAt: now,
          updatedAt: now,
        };
        const email = renderReturnedCheckNotice(
          {
            to: customer.email,
            name: fullName,
            checkNumber: hold.checkNumber,
            amountCents: hold.amountCents,
            collectedCents: collected,
            shortfallCents: shortfall,
            balanceCents: balanceAfter,
            reference: record.transactionId,
            date: now,
          },
          brand,
        );
        const legs = [
          { accountId: clearingId, amountCents: hold.amountCents },
          ...(collected > 0n ? [{ accountId: hold.accountId, amountCents: -collected }] : []),
          ...(shortfall > 0n ? [{ accountId: lossesId, amountCents: -shortfall }] : []),
        ];
        const posted = await postEntry(
          tx,
          {
            kind: 'check_return',
            description: `Check #${hold.checkNumber} returned from ${accountNumber}: ${reason}`,
            actorId: actor.userId,
            at: now,
            legs,
          },
          {
            alongside: [
              tx.insert(transactionRecords).values(record).getSQL(),
              outbox.enqueueStatement(tx, [{ to: customer.email, ...email }]),
            ],
          },
        );
        if (collected > 0n)
          assert(
            posted.balances.get(hold.accountId) === balanceAfter,
            'the notice states the posted balance',
          );
        await tx
          .update(depositHolds)
          .set({
            status: 'returned',
            nextReleaseAt: null,
            returnedAt: now,
            reviewerId: actor.userId,
            reviewReason: reason,
            returnEntryId: posted.entryId,
            returnRecordId: record.id,
            returnedCollectedCents: collected,
            returnedShortfallCents: shortfall,
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
            transactionId: record.transactionId,
            amount: formatCents(hold.amountCents),
            collected: formatCents(collected),
            shortfall: formatCents(shortfall),
            before: { balance: formatCents(account.balanceCents) },
            after: { balance: formatCents(balanceAfter) },
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
