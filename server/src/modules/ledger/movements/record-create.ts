import { BANK_DISPLAY_NAME, type Direction } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { Rejection, type StoredAnswer } from '../../../lib/idempotency';
import { moveWithSystem, runSystemMovement, type SystemMovement } from '../posting';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import { positiveAmount, requestDetails, type Actor, type MovementContext } from './context';

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
  const { movement, refusal } = recordMovement(actor, input);
  return runSystemMovement(
    ctx,
    movement,
    { scope: adminRecordScope(actor), key: idempotencyKey, request: input },
    refusal,
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
  const { movement, refusal } = recordMovement(actor, input);
  if (refusal) throw refusal;
  const moved = await moveWithSystem(ctx, tx, movement);
  touched.push(input.userId);
  return moved.answer;
}

/** The movement of an admin-made record; its date is checked in the call (`SystemMovement.record`). */
function recordMovement(
  actor: Actor,
  input: AdminRecordInput,
): { movement: SystemMovement; refusal: Rejection | null } {
  const credit = input.direction === 'credit';
  const amountCents = positiveAmount(input.amount);
  const createdAt = input.createdAt ? new Date(input.createdAt) : undefined;
  const refusal =
    amountCents === null
      ? new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount')
      : null;
  return {
    refusal,
    movement: {
      userId: input.userId,
      systemCode: SYSTEM_ACCOUNTS.adjustments,
      direction: input.direction,
      amountCents: amountCents ?? 0n,
      kind: 'admin_record',
      description: { before: 'Admin record for ', after: `: ${input.reason}` },
      actorId: actor.userId,
      notFound: { code: 'USER_NOT_FOUND', field: 'userId' },
      insufficient: 'INSUFFICIENT_FUNDS_FOR_DEBIT',
      record: {
        prefix: credit ? RECORD_PREFIXES.deposit : RECORD_PREFIXES.withdrawal,
        type: credit ? 'Deposit' : 'Withdrawal',
        bankName: input.bankName || BANK_DISPLAY_NAME,
        counterpartyName: input.counterpartyName,
        counterpartyAccount: input.counterpartyAccount,
        purpose: input.purpose,
        ...(createdAt ? { createdAt } : {}),
      },
      audit: {
        action: 'admin.record_create',
        actorId: actor.userId,
        actorRole: 'admin',
        subjectType: 'transaction',
        subjectId: null,
        ip: actor.ip,
        reason: input.reason,
        details: { userId: input.userId, ...requestDetails(actor) },
        add: 'record',
      },
    },
  };
}
