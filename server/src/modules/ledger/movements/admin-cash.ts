import { BANK_DISPLAY_NAME, type Direction } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { Rejection, type StoredAnswer } from '../../../lib/idempotency';
import { moveWithSystem, runSystemMovement, type SystemMovement } from '../posting';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import { positiveAmount, requestDetails, type Actor, type MovementContext } from './context';

/** What an admin gives to put cash into, or take it out of, a customer's account. */
export interface AdminCashInput {
  amount: string;
  reason: string;
}

/**
 * The admin deposit helper (credit: "Invalid deposit amount.", "User not found.", a Deposit
 * record) and withdrawal helper (debit: "Invalid debit amount.", "User not found.",
 * "Insufficient funds for this debit.", a Withdrawal record): cash in or out of a customer's
 * account against the bank's cash account, with an audit row of the balances — one call.
 */
export async function adminCash(
  ctx: MovementContext,
  direction: Direction,
  actor: Actor,
  userId: string,
  input: AdminCashInput,
  idempotencyKey: string | null,
): Promise<StoredAnswer> {
  const { movement, refusal } = cashMovement(direction, actor, userId, input);
  return runSystemMovement(
    ctx,
    movement,
    { scope: adminCashScope(actor, direction, userId), key: idempotencyKey, request: input },
    refusal,
  );
}

/** The idempotency scope of an admin credit or debit (a money request made by it shares it). */
export function adminCashScope(actor: Actor, direction: Direction, userId: string): string {
  return `${actor.userId}:admin_${direction}:${userId}`;
}

/**
 * The credit or debit inside an approved money request's transaction (decision 0171): refused
 * with a Rejection, and `touched` names the customer once it has moved.
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
  const { movement, refusal } = cashMovement(direction, actor, userId, input);
  if (refusal) throw refusal;
  const moved = await moveWithSystem(ctx, tx, movement);
  touched.push(userId);
  return moved.answer;
}

function cashMovement(
  direction: Direction,
  actor: Actor,
  userId: string,
  input: AdminCashInput,
): { movement: SystemMovement; refusal: Rejection | null } {
  const credit = direction === 'credit';
  const amountCents = positiveAmount(input.amount);
  const refusal =
    amountCents === null
      ? new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount')
      : null;
  return {
    refusal,
    movement: {
      userId,
      systemCode: SYSTEM_ACCOUNTS.cash,
      direction,
      amountCents: amountCents ?? 0n,
      kind: credit ? 'admin_credit' : 'admin_debit',
      description: credit
        ? { before: 'Admin credit to ', after: `: ${input.reason}` }
        : { before: 'Admin debit from ', after: `: ${input.reason}` },
      actorId: actor.userId,
      notFound: { code: 'USER_NOT_FOUND' },
      insufficient: credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INSUFFICIENT_FUNDS_FOR_DEBIT',
      record: {
        prefix: credit ? RECORD_PREFIXES.deposit : RECORD_PREFIXES.withdrawal,
        type: credit ? 'Deposit' : 'Withdrawal',
        bankName: BANK_DISPLAY_NAME,
        counterpartyName: BANK_DISPLAY_NAME,
        counterpartyAccount: '',
        purpose: input.reason,
      },
      audit: {
        action: credit ? 'admin.credit' : 'admin.debit',
        actorId: actor.userId,
        actorRole: 'admin',
        subjectType: 'user',
        subjectId: userId,
        ip: actor.ip,
        reason: input.reason,
        details: { ...requestDetails(actor) },
        add: 'balances',
      },
    },
  };
}
