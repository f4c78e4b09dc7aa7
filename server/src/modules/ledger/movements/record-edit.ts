import { eq } from 'drizzle-orm';
import { AMOUNT_MAX_CENTS, formatCents, parseAmountToCents, type MovementResponse } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { transactionRecordHistory, transactionRecords } from '../../../db/schema/index';
import { AppError, assert } from '../../../lib/errors';
import { renderRecordCorrectionNotice } from '../../email/index';
import { findCounterpart } from '../counterpart';
import { checkRecordDate, loadCustomer } from '../customers';
import { Rejection } from '../idempotency';
import { lockAccounts, postEntry } from '../journal';
import { recordHoldOf, toRecordDto } from '../records';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { requestDetails, type Actor, type MovementContext } from './context';

export interface AdminEditInput {
  amount: string;
  createdAt: string;
  reason: string;
}

/**
 * SPEC §4 transaction edit: new amount (≥ 0) and date. History is never rewritten silently:
 * the difference moves by an adjusting entry, a history row keeps before and after.
 */
export async function adminEditRecord(
  ctx: MovementContext,
  actor: Actor,
  recordId: string,
  input: AdminEditInput,
): Promise<MovementResponse> {
  try {
    const edited = await ctx.db.transaction((tx) => adminEditRecordIn(ctx, tx, actor, recordId, input));
    ctx.users.profilesChanged([edited.owner]);
    return edited.edited;
  } catch (error) {
    if (error instanceof Rejection) throw new AppError(error.code, { field: error.field });
    throw error;
  }
}

/**
 * The edit itself, inside the caller's transaction (an approved money request's, for one):
 * throws a Rejection for a refused edit; returns the owner to nudge and the answer.
 */
export async function adminEditRecordIn(
  ctx: MovementContext,
  tx: Tx,
  actor: Actor,
  recordId: string,
  input: AdminEditInput,
): Promise<{ owner: string; edited: MovementResponse }> {
  const { clock, audit } = ctx;
  const newCents = parseAmountToCents(input.amount);
  if (newCents === null || newCents > AMOUNT_MAX_CENTS) throw new Rejection('INVALID_NEW_AMOUNT', 'amount');
  const [record] = await tx
    .select()
    .from(transactionRecords)
    .where(eq(transactionRecords.id, recordId))
    .for('update')
    .limit(1);
  if (!record) throw new Rejection('TRANSACTION_NOT_FOUND');
  const owner = await loadCustomer(tx, { userId: record.userId });
  if (!owner) throw new Rejection('TRANSACTION_USER_GONE');
  const newDate = new Date(input.createdAt);
  checkRecordDate(newDate, owner, clock.now());
  // A check deposit's amount is its hold's (decision 0071): reviewers release or return it.
  if (newCents !== record.amountCents && (await recordHoldOf(tx, recordId)) !== null)
    throw new Rejection('HOLD_RECORD_AMOUNT_FIXED', 'amount');
  const delta = newCents - record.amountCents;
  const change = record.direction === 'credit' ? delta : -delta;
  const adjustmentsId = await ctx.systemAccount(SYSTEM_ACCOUNTS.adjustments);
  const locked = await lockAccounts(tx, [owner.accountId, adjustmentsId]);
  const account = locked.get(owner.accountId);
  if (!account) throw new Rejection('TRANSACTION_USER_GONE');
  // Nor may a correction spend held check money (decision 0070).
  if (account.balanceCents - account.heldCents + change < 0n)
    throw new Rejection('BALANCE_WOULD_BE_NEGATIVE', 'amount');
  let balanceCents = account.balanceCents;
  let entryId: number | null = null;
  const now = clock.now();
  if (change !== 0n) {
    const posted = await postEntry(tx, {
      kind: 'adjustment',
      description: `Correction of ${record.transactionId}: ${input.reason}`,
      actorId: actor.userId,
      at: now,
      legs: [
        { accountId: owner.accountId, amountCents: change },
        { accountId: adjustmentsId, amountCents: -change },
      ],
    });
    entryId = posted.entryId;
    balanceCents = posted.balances.get(owner.accountId) ?? balanceCents;
  }
  const [updated] = await tx
    .update(transactionRecords)
    .set({ amountCents: newCents, createdAt: newDate, updatedAt: now })
    .where(eq(transactionRecords.id, recordId))
    .returning();
  assert(updated, 'the locked record still exists');
  const before = {
    amount: formatCents(record.amountCents),
    createdAt: record.createdAt.toISOString(),
    balance: formatCents(account.balanceCents),
  };
  const after = {
    amount: formatCents(newCents),
    createdAt: newDate.toISOString(),
    balance: formatCents(balanceCents),
  };
  await tx.insert(transactionRecordHistory).values({
    recordId,
    actorId: actor.userId,
    reason: input.reason,
    before,
    after,
    entryId,
    createdAt: now,
  });
  await audit.record(tx, {
    action: 'admin.record_edit',
    outcome: 'success',
    actorId: actor.userId,
    actorRole: 'admin',
    subjectType: 'transaction',
    subjectId: recordId,
    ip: actor.ip,
    reason: input.reason,
    details: {
      transactionId: record.transactionId,
      userId: record.userId,
      before,
      after,
      ...requestDetails(actor),
    },
  });
  // Issue 19 (decision 0154): the customer whose balance moved is told, in this transaction.
  if (change !== 0n) {
    const counterpart = await findCounterpart(tx, record);
    const email = renderRecordCorrectionNotice(
      {
        to: owner.email,
        name: owner.fullName,
        reference: record.transactionId,
        recordType: record.type,
        beforeCents: record.amountCents,
        afterCents: newCents,
        balanceCents,
        counterpartName: counterpart?.name ?? null,
        date: now,
      },
      ctx.brand,
    );
    await ctx.outbox.enqueueEmail(tx, { to: owner.email, ...email });
  }
  return {
    owner: owner.userId,
    edited: {
      transaction: toRecordDto(updated, await recordHoldOf(tx, recordId)),
      balance: formatCents(balanceCents),
      availableBalance: formatCents(balanceCents - account.heldCents),
    },
  };
}
