import type { Direction } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { checkRecordDate, loadCustomer } from '../customers';
import { Rejection, type StoredAnswer } from '../idempotency';
import { moveWithSystem } from '../posting';
import { toRecordDto } from '../records';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import {
  BANK_DISPLAY_NAME,
  movementAnswer,
  positiveAmount,
  requestDetails,
  type Actor,
  type MovementContext,
} from './context';

export interface AdminRecordInput {
  userId: string;
  direction: Direction;
  amount: string;
  counterpartyName: string;
  counterpartyAccount: string;
  bankName: string;
  purpose: string;
  createdAt?: string;
  reason: string;
}

/** An admin-made record for a customer: a credit or debit with counterparty details and a date. */
export async function adminCreateRecord(
  ctx: MovementContext,
  actor: Actor,
  input: AdminRecordInput,
  idempotencyKey: string | null,
): Promise<StoredAnswer> {
  return ctx.runMovement(
    { scope: adminRecordScope(actor), key: idempotencyKey, request: input },
    (tx, touched) => adminCreateRecordIn(ctx, tx, touched, actor, input),
  );
}

/** The idempotency scope of an admin-made record (a money request made by it shares it). */
export function adminRecordScope(actor: Actor): string {
  return `${actor.userId}:admin_record`;
}

/** The record itself, inside the caller's transaction (an approved money request's, for one). */
export async function adminCreateRecordIn(
  ctx: MovementContext,
  tx: Tx,
  touched: string[],
  actor: Actor,
  input: AdminRecordInput,
): Promise<StoredAnswer> {
  const credit = input.direction === 'credit';
  const amountCents = positiveAmount(input.amount);
  if (amountCents === null)
    throw new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount');
  const customer = await loadCustomer(tx, { userId: input.userId });
  if (!customer) throw new Rejection('USER_NOT_FOUND', 'userId');
  const createdAt = input.createdAt ? new Date(input.createdAt) : undefined;
  if (createdAt) checkRecordDate(createdAt, customer, ctx.clock.now());
  const moved = await moveWithSystem(ctx, tx, {
    customer,
    systemCode: SYSTEM_ACCOUNTS.adjustments,
    direction: input.direction,
    amountCents,
    kind: 'admin_record',
    description: `Admin record for ${customer.accountNumber}: ${input.reason}`,
    actorId: actor.userId,
    insufficient: 'INSUFFICIENT_FUNDS_FOR_DEBIT',
    record: {
      prefix: credit ? RECORD_PREFIXES.deposit : RECORD_PREFIXES.withdrawal,
      type: credit ? 'Deposit' : 'Withdrawal',
      recipientName: credit ? customer.fullName : input.counterpartyName,
      recipientAccount: credit ? customer.accountNumber : input.counterpartyAccount,
      bankName: input.bankName || BANK_DISPLAY_NAME,
      senderName: credit ? input.counterpartyName : customer.fullName,
      senderAccount: credit ? input.counterpartyAccount : customer.accountNumber,
      purpose: input.purpose,
      ...(createdAt ? { createdAt } : {}),
    },
  });
  await ctx.audit.record(tx, {
    action: 'admin.record_create',
    outcome: 'success',
    actorId: actor.userId,
    actorRole: 'admin',
    subjectType: 'transaction',
    subjectId: moved.record.id,
    ip: actor.ip,
    reason: input.reason,
    details: {
      userId: input.userId,
      transactionId: moved.record.transactionId,
      after: toRecordDto(moved.record),
      ...requestDetails(actor),
    },
  });
  touched.push(customer.userId);
  return movementAnswer(201, moved.record, moved.balanceCents, moved.heldCents);
}
