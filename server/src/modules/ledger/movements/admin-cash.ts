import { formatCents, type Direction } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { loadCustomer } from '../customers';
import { Rejection, type StoredAnswer } from '../idempotency';
import { moveWithSystem } from '../posting';
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

/** What an admin gives to put cash into, or take it out of, a customer's account. */
export interface AdminCashInput {
  amount: string;
  reason: string;
}

/**
 * The admin deposit helper (credit: "Invalid deposit amount.", "User not found.", a Deposit
 * record) and withdrawal helper (debit: "Invalid debit amount.", "User not found.",
 * "Insufficient funds for this debit.", a Withdrawal record): cash in or out of a customer's
 * account against the bank's cash account, with an audit row of the balances.
 */
export async function adminCash(
  ctx: MovementContext,
  direction: Direction,
  actor: Actor,
  userId: string,
  input: AdminCashInput,
  idempotencyKey: string | null,
): Promise<StoredAnswer> {
  return ctx.runMovement(
    { scope: adminCashScope(actor, direction, userId), key: idempotencyKey, request: input },
    (tx, touched) => adminCashIn(ctx, tx, touched, direction, actor, userId, input),
  );
}

/** The idempotency scope of an admin credit or debit (a money request made by it shares it). */
export function adminCashScope(actor: Actor, direction: Direction, userId: string): string {
  return `${actor.userId}:admin_${direction}:${userId}`;
}

/**
 * The credit or debit itself, inside the caller's transaction: `adminCash` runs it once per
 * idempotency key, an approved money request runs it in the approval's transaction.
 */
export async function adminCashIn(
  ctx: MovementContext,
  tx: Tx,
  touched: string[],
  direction: Direction,
  actor: Actor,
  userId: string,
  input: AdminCashInput,
): Promise<StoredAnswer> {
  const credit = direction === 'credit';
  const amountCents = positiveAmount(input.amount);
  if (amountCents === null)
    throw new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount');
  const customer = await loadCustomer(tx, { userId });
  if (!customer) throw new Rejection('USER_NOT_FOUND');
  const moved = await moveWithSystem(ctx, tx, {
    customer,
    systemCode: SYSTEM_ACCOUNTS.cash,
    direction,
    amountCents,
    kind: credit ? 'admin_credit' : 'admin_debit',
    description: credit
      ? `Admin credit to ${customer.accountNumber}: ${input.reason}`
      : `Admin debit from ${customer.accountNumber}: ${input.reason}`,
    actorId: actor.userId,
    insufficient: credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INSUFFICIENT_FUNDS_FOR_DEBIT',
    record: credit
      ? {
          prefix: RECORD_PREFIXES.deposit,
          type: 'Deposit',
          recipientName: customer.fullName,
          recipientAccount: customer.accountNumber,
          bankName: BANK_DISPLAY_NAME,
          senderName: BANK_DISPLAY_NAME,
          senderAccount: '',
          purpose: input.reason,
        }
      : {
          prefix: RECORD_PREFIXES.withdrawal,
          type: 'Withdrawal',
          recipientName: BANK_DISPLAY_NAME,
          recipientAccount: '',
          bankName: BANK_DISPLAY_NAME,
          senderName: customer.fullName,
          senderAccount: customer.accountNumber,
          purpose: input.reason,
        },
  });
  await ctx.audit.record(tx, {
    action: credit ? 'admin.credit' : 'admin.debit',
    outcome: 'success',
    actorId: actor.userId,
    actorRole: 'admin',
    subjectType: 'user',
    subjectId: userId,
    ip: actor.ip,
    reason: input.reason,
    details: {
      transactionId: moved.record.transactionId,
      amount: formatCents(amountCents),
      before: { balance: formatCents(moved.beforeCents) },
      after: { balance: formatCents(moved.balanceCents) },
      ...requestDetails(actor),
    },
  });
  touched.push(customer.userId);
  return movementAnswer(201, moved.record, moved.balanceCents, moved.heldCents);
}
