import type { Tx } from '../../db/client';
import type { StoredAnswer } from '../../lib/idempotency';
import { adminCash, adminCashIn, adminCashScope, type AdminCashInput } from './movements/admin-cash';
import { depositCheck, type CheckDepositInput } from './movements/check-deposit';
import { createMovementContext, type Actor, type MovementDeps } from './movements/context';
import { disburseLoan } from './movements/loan-payout';
import {
  adminCreateRecord,
  adminCreateRecordIn,
  adminRecordScope,
  type AdminRecordInput,
} from './movements/record-create';
import { adminEditRecord, adminEditRecordIn, type AdminEditInput } from './movements/record-edit';
import {
  transfer,
  type StepUpCheck,
  type ScheduledOccurrence,
  type TransferInput,
} from './movements/transfer';

export { limitDayStart, type Actor, type MovementDeps } from './movements/context';
export type { AdminCashInput } from './movements/admin-cash';
export type { AdminRecordInput } from './movements/record-create';
export type { AdminEditInput } from './movements/record-edit';
export type { ScheduledOccurrence, StepUpCheck, TransferInput } from './movements/transfer';

/**
 * The bank's money movements, one use case per file under `movements/`, each over the one posting
 * primitive (the SQL function `lb_post_movement`, decision 0173; a transfer is one call of
 * `lb_transfer`, which posts through it). This file only wires
 * them to their shared context (system accounts, idempotent runs, live-view nudges).
 */
export function createBankingService(deps: MovementDeps) {
  const ctx = createMovementContext(deps);
  return {
    ensureSystemAccounts: () => ctx.ensureSystemAccounts(),
    transfer: (
      senderId: string,
      input: TransferInput,
      key: string | null,
      checks?: { stepUp?: StepUpCheck; scheduled?: ScheduledOccurrence },
    ): Promise<StoredAnswer> => transfer(ctx, senderId, input, key, checks),
    depositCheck: (userId: string, input: CheckDepositInput, key: string | null): Promise<StoredAnswer> =>
      depositCheck(ctx, userId, input, key),
    adminCash: (
      direction: 'credit' | 'debit',
      actor: Actor,
      userId: string,
      input: AdminCashInput,
      key: string | null,
    ): Promise<StoredAnswer> => adminCash(ctx, direction, actor, userId, input, key),
    adminCreateRecord: (actor: Actor, input: AdminRecordInput, key: string | null): Promise<StoredAnswer> =>
      adminCreateRecord(ctx, actor, input, key),
    adminEditRecord: (actor: Actor, recordId: string, input: AdminEditInput) =>
      adminEditRecord(ctx, actor, recordId, input),
    /**
     * The manual movements inside a caller's transaction, for an approved money request (decision
     * 0171): each throws a Rejection when refused and adds the customers it moved to `touched`.
     */
    manual: {
      cashScope: adminCashScope,
      recordScope: adminRecordScope,
      cash: (
        tx: Tx,
        touched: string[],
        direction: 'credit' | 'debit',
        actor: Actor,
        userId: string,
        input: AdminCashInput,
      ): Promise<StoredAnswer> => adminCashIn(ctx, tx, touched, direction, actor, userId, input),
      createRecord: (
        tx: Tx,
        touched: string[],
        actor: Actor,
        input: AdminRecordInput,
      ): Promise<StoredAnswer> => adminCreateRecordIn(ctx, tx, touched, actor, input),
      async editRecord(tx: Tx, touched: string[], actor: Actor, recordId: string, input: AdminEditInput) {
        const result = await adminEditRecordIn(ctx, tx, actor, recordId, input);
        touched.push(...result.owners);
        return result.edited;
      },
      /** Nudges the live views of the customers a committed movement touched. */
      profilesChanged: (userIds: string[]) => deps.users.profilesChanged(userIds),
    },
    disburseLoan: (
      tx: Tx,
      input: { userId: string; amountCents: bigint; loanType: string; actorId: string },
    ) => disburseLoan(ctx, tx, input),
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
