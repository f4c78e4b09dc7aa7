import crypto from 'node:crypto';
import {
  CURRENCY,
  RECORD_DATE_FUTURE_SKEW_MS,
  type Direction,
  type ErrorCode,
  type MovementResponse,
} from '@larkspur/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { AUDIT_REASON_LENGTH_MAX, type AuditEntry } from '../audit/index';
import { Rejection, type StoredAnswer } from '../../lib/idempotency';
import type { EntryKind } from './journal';
import type { MovementContext } from './movements/context';
import { RECORD_STATUS_SUCCESSFUL } from './records';
import { answerOf, callMovement, catalogueOf, keyParams, type MovementOutcome } from './sql-movement';
import type { SystemAccountCode } from './system-accounts';
import { newTransactionId, type RecordPrefix } from './transaction-ids';

/**
 * Money between one customer and one of the bank's own accounts — an admin's cash credit or debit,
 * an admin-made record, a loan payout, a check deposit's credit — with the customer's record and
 * its alert: one call of the SQL function `lb_move_with_system` (migration 0016, decision 0178),
 * which locks both accounts in id order, refuses, posts through `lb_post_movement`, writes the audit
 * row and builds the answer. The customer is read under that lock, so the record names them as
 * they are then: the customer's side of the record is theirs, the other side `counterparty`.
 */
export interface SystemMovement {
  userId: string;
  systemCode: SystemAccountCode;
  direction: Direction;
  amountCents: bigint;
  kind: EntryKind;
  /** The entry's description is `before` + the customer's account number + `after`. */
  description: { before: string; after: string };
  actorId: string | null;
  /** The refusal when the customer is not found (not a customer, or gone). */
  notFound: { code: ErrorCode; field?: string };
  /** A customer's own deposit: refused when suspended or closed. */
  requireActive?: boolean;
  /** The refusal when a debit would spend held or missing money. */
  insufficient: ErrorCode;
  record: {
    prefix: RecordPrefix;
    type: string;
    bankName: string;
    counterpartyName: string;
    counterpartyAccount: string;
    purpose: string;
    /**
     * An admin's date for the record (issue 13 point 11), checked under the lock as record edits
     * check theirs (`checkRecordDate`): no later than now plus the skew, not before the account.
     */
    createdAt?: Date;
  };
  /**
   * A hold the caller places right after the posting (a check deposit's): the alert states it, so
   * it can say what is available now and until when (issue 28, decision 0198).
   */
  alertHold?: { cents: bigint; until: Date };
  /** The audit row, written with the movement; `add` fills in what only the posting knows. */
  audit?: Omit<AuditEntry, 'outcome' | 'details' | 'subjectId'> & {
    /** Null: the record's own id. */
    subjectId: string | null;
    details: Record<string, unknown>;
    add: 'balances' | 'record';
  };
}

/** What a posted system movement gives a caller that has more to do in its transaction. */
export interface SystemMovementResult {
  answer: StoredAnswer & { body: MovementResponse };
  recordId: string;
  balanceCents: bigint;
  heldCents: bigint;
  openedAt: Date;
}

type Done = Extract<MovementOutcome, { outcome: 'done' }> & {
  record: { id: string };
  balanceCents: string;
  heldCents: string;
  openedAt: string;
};

async function movementParams(
  ctx: Pick<MovementContext, 'clock' | 'alerts' | 'systemAccount'>,
  input: SystemMovement,
  key: { scope: string; key: string | null; request: unknown } | null,
  refusal: Rejection | null,
): Promise<Record<string, unknown>> {
  const now = ctx.clock.now();
  const codes: ErrorCode[] = [
    input.notFound.code,
    input.insufficient,
    'ACCOUNT_SUSPENDED',
    'ACCOUNT_CLOSED',
    'RECORD_DATE_IN_FUTURE',
    'RECORD_DATE_BEFORE_ACCOUNT',
    ...(refusal ? [refusal.code] : []),
  ];
  const { audit } = input;
  return {
    ...keyParams(key ?? { scope: '', key: null, request: null }),
    now: now.toISOString(),
    errors: catalogueOf(codes),
    ...(refusal ? { refusal: { code: refusal.code, field: refusal.field ?? null } } : {}),
    userId: input.userId,
    systemAccountId: await ctx.systemAccount(input.systemCode),
    direction: input.direction,
    amountCents: input.amountCents,
    kind: input.kind,
    description: input.description,
    actorId: input.actorId,
    notFound: { code: input.notFound.code, field: input.notFound.field ?? null },
    requireActive: input.requireActive === true,
    insufficient: input.insufficient,
    record: {
      id: crypto.randomUUID(),
      transactionId: newTransactionId(input.record.prefix, now),
      type: input.record.type,
      bankName: input.record.bankName,
      counterpartyName: input.record.counterpartyName,
      counterpartyAccount: input.record.counterpartyAccount,
      purpose: input.record.purpose,
      status: RECORD_STATUS_SUCCESSFUL,
      currency: CURRENCY,
      createdAt: input.record.createdAt?.toISOString() ?? null,
      latestDate: new Date(now.getTime() + RECORD_DATE_FUTURE_SKEW_MS).toISOString(),
    },
    alerts: ctx.alerts !== false,
    ...(input.alertHold
      ? { alertHold: { cents: input.alertHold.cents.toString(), until: input.alertHold.until.toISOString() } }
      : {}),
    ...(audit
      ? {
          audit: {
            action: audit.action,
            actorId: audit.actorId ?? null,
            actorRole: audit.actorRole ?? null,
            subjectType: audit.subjectType ?? null,
            subjectId: audit.subjectId,
            ip: audit.ip ?? null,
            reason: audit.reason?.slice(0, AUDIT_REASON_LENGTH_MAX) ?? null,
            details: audit.details,
            add: audit.add,
          },
        }
      : {}),
  };
}

/**
 * The movement as a request of its own, once per idempotency key (`key.key` null: no key). A
 * refusal decided before any row is read (`refusal`, e.g. the amount) is still remembered by the key.
 */
export async function runSystemMovement(
  ctx: Pick<MovementContext, 'db' | 'clock' | 'alerts' | 'systemAccount' | 'users'>,
  input: SystemMovement,
  key: { scope: string; key: string | null; request: unknown },
  refusal: Rejection | null = null,
): Promise<StoredAnswer> {
  // Without a key nothing needs remembering: a refusal decided here needs no call.
  if (refusal && key.key === null) throw new AppError(refusal.code, { field: refusal.field });
  const outcome = await callMovement(
    ctx.db,
    'lb_move_with_system',
    await movementParams(ctx, input, key, refusal),
  );
  if (outcome.outcome === 'nameCheck') throw new Error('lb_move_with_system asked for a name check');
  if (outcome.outcome !== 'done') return answerOf(outcome);
  ctx.users.profilesChanged(outcome.touched);
  return { statusCode: outcome.status, body: outcome.body };
}

/**
 * The movement inside the caller's transaction (an approved money request, a loan approval, a
 * check deposit after its rules), without a key of its own: a refusal is thrown as a Rejection,
 * and nothing of the movement has been written when it is.
 */
export async function moveWithSystem(
  ctx: Pick<MovementContext, 'clock' | 'alerts' | 'systemAccount'>,
  tx: DbOrTx | Tx,
  input: SystemMovement,
): Promise<SystemMovementResult> {
  const outcome = await callMovement(tx, 'lb_move_with_system', await movementParams(ctx, input, null, null));
  if (outcome.outcome === 'refused' || outcome.outcome === 'error')
    throw new Rejection(outcome.code, outcome.field);
  if (outcome.outcome !== 'done') throw new Error(`lb_move_with_system answered ${outcome.outcome}`);
  const done = outcome as Done;
  return {
    answer: { statusCode: done.status, body: done.body as MovementResponse },
    recordId: done.record.id,
    balanceCents: BigInt(done.balanceCents),
    heldCents: BigInt(done.heldCents),
    openedAt: new Date(done.openedAt),
  };
}
