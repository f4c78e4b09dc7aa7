import { eq, inArray } from 'drizzle-orm';
import { AMOUNT_MAX_CENTS, formatCents, parseAmountToCents, type MovementResponse } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { transactionRecordHistory, transactionRecords } from '../../../db/schema/index';
import { AppError, assert } from '../../../lib/errors';
import { renderRecordCorrectionNotice } from '../../email/index';
import { findCounterpart } from '../counterpart';
import { checkRecordDate, loadCustomer, type Customer } from '../customers';
import { Rejection } from '../../../lib/idempotency';
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
 * product §4 transaction edit: new amount (≥ 0) and date. History is never rewritten silently:
 * the difference moves by an adjusting entry, a history row keeps before and after. A leg of a
 * transfer between two customers is corrected with its other leg (issue 28 item 5, decision
 * 0205): both records, both balances, one entry between the two accounts.
 */
export async function adminEditRecord(
  ctx: MovementContext,
  actor: Actor,
  recordId: string,
  input: AdminEditInput,
): Promise<MovementResponse> {
  try {
    const edited = await ctx.db.transaction((tx) => adminEditRecordIn(ctx, tx, actor, recordId, input));
    ctx.users.profilesChanged(edited.owners);
    return edited.edited;
  } catch (error) {
    if (error instanceof Rejection) throw new AppError(error.code, { field: error.field });
    throw error;
  }
}

type RecordRow = typeof transactionRecords.$inferSelect;

/** One record the edit corrects, with its owner as locked. */
interface EditedLeg {
  record: RecordRow;
  owner: Customer;
  /** What the owner's balance moves by (signed cents). */
  change: bigint;
}

/**
 * The edit itself, inside the caller's transaction (an approved money request's, for one):
 * throws a Rejection for a refused edit; returns the owners to nudge and the answer.
 */
export async function adminEditRecordIn(
  ctx: MovementContext,
  tx: Tx,
  actor: Actor,
  recordId: string,
  input: AdminEditInput,
): Promise<{ owners: string[]; edited: MovementResponse }> {
  const { clock } = ctx;
  const newCents = parseAmountToCents(input.amount);
  if (newCents === null || newCents > AMOUNT_MAX_CENTS) throw new Rejection('INVALID_NEW_AMOUNT', 'amount');
  const [found] = await tx
    .select()
    .from(transactionRecords)
    .where(eq(transactionRecords.id, recordId))
    .limit(1);
  if (!found) throw new Rejection('TRANSACTION_NOT_FOUND');
  // A record's journal entry never changes, so its other leg can be found before locking; both
  // records are then locked in id order, so edits of the two legs at once wait, never deadlock.
  const counterpart = await findCounterpart(tx, found);
  const lockedRows = await tx
    .select()
    .from(transactionRecords)
    .where(inArray(transactionRecords.id, counterpart ? [recordId, counterpart.recordId] : [recordId]))
    .orderBy(transactionRecords.id)
    .for('update');
  const record = lockedRows.find((r) => r.id === recordId);
  const otherRecord = counterpart ? lockedRows.find((r) => r.id === counterpart.recordId) : undefined;
  if (!record) throw new Rejection('TRANSACTION_NOT_FOUND');
  const owner = await loadCustomer(tx, { userId: record.userId });
  if (!owner) throw new Rejection('TRANSACTION_USER_GONE');
  const otherOwner = otherRecord ? await loadCustomer(tx, { userId: otherRecord.userId }) : null;
  if (otherRecord && !otherOwner) throw new Rejection('TRANSACTION_USER_GONE');
  const newDate = new Date(input.createdAt);
  checkRecordDate(newDate, owner, clock.now());
  if (otherOwner) checkRecordDate(newDate, otherOwner, clock.now());
  // A check deposit's amount is its hold's (decision 0071): reviewers release or return it.
  if (newCents !== record.amountCents && (await recordHoldOf(tx, recordId)) !== null)
    throw new Rejection('HOLD_RECORD_AMOUNT_FIXED', 'amount');
  const delta = newCents - record.amountCents;
  const change = record.direction === 'credit' ? delta : -delta;
  const legs: EditedLeg[] = [{ record, owner, change }];
  // The other leg gets the same amount, so its owner's balance moves the other way.
  if (otherRecord && otherOwner) legs.push({ record: otherRecord, owner: otherOwner, change: -change });
  // Between two customers the difference moves between them; otherwise against the bank's
  // adjustments account.
  const adjustmentsId = legs.length === 1 ? await ctx.systemAccount(SYSTEM_ACCOUNTS.adjustments) : null;
  const locked = await lockAccounts(tx, [
    ...legs.map((leg) => leg.owner.accountId),
    ...(adjustmentsId === null ? [] : [adjustmentsId]),
  ]);
  for (const [index, leg] of legs.entries()) {
    const account = locked.get(leg.owner.accountId);
    if (!account) throw new Rejection('TRANSACTION_USER_GONE');
    // Nor may a correction spend held check money (decision 0070), on either side.
    if (account.balanceCents - account.heldCents + leg.change < 0n)
      throw new Rejection(
        index === 0 ? 'BALANCE_WOULD_BE_NEGATIVE' : 'COUNTERPART_BALANCE_WOULD_BE_NEGATIVE',
        'amount',
      );
  }
  const now = clock.now();
  let entryId: number | null = null;
  let balances = new Map<number, bigint>();
  if (change !== 0n) {
    const posted = await postEntry(tx, {
      kind: 'adjustment',
      description: `Correction of ${record.transactionId}${otherRecord ? ` and ${otherRecord.transactionId}` : ''}: ${input.reason}`,
      actorId: actor.userId,
      at: now,
      legs: [
        ...legs.map((leg) => ({ accountId: leg.owner.accountId, amountCents: leg.change })),
        ...(adjustmentsId === null ? [] : [{ accountId: adjustmentsId, amountCents: -change }]),
      ],
    });
    entryId = posted.entryId;
    balances = posted.balances;
  }
  let edited: MovementResponse | null = null;
  for (const leg of legs) {
    const other = legs.find((l) => l !== leg) ?? null;
    const account = locked.get(leg.owner.accountId);
    assert(account, 'the owner account is locked');
    const balanceCents = balances.get(leg.owner.accountId) ?? account.balanceCents;
    const updated = await correctLeg(ctx, tx, actor, input, {
      leg,
      newCents,
      newDate,
      now,
      entryId,
      balanceBefore: account.balanceCents,
      balanceCents,
      counterpartName: counterpart === null ? null : other ? other.owner.fullName : counterpart.name,
      editedWith: other?.record ?? null,
    });
    if (leg.record.id === recordId)
      edited = {
        transaction: toRecordDto(updated, await recordHoldOf(tx, recordId)),
        balance: formatCents(balanceCents),
        availableBalance: formatCents(balanceCents - account.heldCents),
      };
  }
  assert(edited, 'the edited record is one of the legs');
  return { owners: legs.map((leg) => leg.owner.userId), edited };
}

/** Writes one leg's correction: the record, its history row, the audit row and its owner's email. */
async function correctLeg(
  ctx: MovementContext,
  tx: Tx,
  actor: Actor,
  input: AdminEditInput,
  args: {
    leg: EditedLeg;
    newCents: bigint;
    newDate: Date;
    now: Date;
    entryId: number | null;
    balanceBefore: bigint;
    balanceCents: bigint;
    counterpartName: string | null;
    /** The other leg corrected in the same edit (decision 0205), if any. */
    editedWith: RecordRow | null;
  },
): Promise<RecordRow> {
  const { leg, newCents, newDate, now, entryId, balanceCents, counterpartName, editedWith } = args;
  const { record, owner } = leg;
  const [updated] = await tx
    .update(transactionRecords)
    .set({ amountCents: newCents, createdAt: newDate, updatedAt: now })
    .where(eq(transactionRecords.id, record.id))
    .returning();
  assert(updated, 'the locked record still exists');
  const before = {
    amount: formatCents(record.amountCents),
    createdAt: record.createdAt.toISOString(),
    balance: formatCents(args.balanceBefore),
  };
  const after = {
    amount: formatCents(newCents),
    createdAt: newDate.toISOString(),
    balance: formatCents(balanceCents),
  };
  await tx.insert(transactionRecordHistory).values({
    recordId: record.id,
    actorId: actor.userId,
    reason: input.reason,
    before,
    after,
    entryId,
    createdAt: now,
  });
  await ctx.audit.record(tx, {
    action: 'admin.record_edit',
    outcome: 'success',
    actorId: actor.userId,
    actorRole: 'admin',
    subjectType: 'transaction',
    subjectId: record.id,
    ip: actor.ip,
    reason: input.reason,
    details: {
      transactionId: record.transactionId,
      userId: record.userId,
      before,
      after,
      ...(editedWith
        ? { editedWith: { recordId: editedWith.id, transactionId: editedWith.transactionId } }
        : {}),
      ...requestDetails(actor),
    },
  });
  // Issue 19 (decision 0154): each customer whose balance moved is told, in this transaction.
  if (leg.change !== 0n) {
    const email = renderRecordCorrectionNotice(
      {
        to: owner.email,
        name: owner.fullName,
        // The reference this customer quotes: a received transfer's is the sender's (decision 0197).
        reference: record.reference ?? record.transactionId,
        recordType: record.type,
        beforeCents: record.amountCents,
        afterCents: newCents,
        balanceCents,
        counterpartName,
        date: now,
      },
      ctx.brand,
    );
    await ctx.outbox.enqueueEmail(tx, { to: owner.email, ...email });
  }
  return updated;
}
