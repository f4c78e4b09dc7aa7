import type { Tx } from '../../db/client';
import type { StoredAnswer } from './idempotency';
import { adminCash, type AdminCashInput } from './movements/admin-cash';
import { depositCheck, type CheckDepositInput } from './movements/check-deposit';
import { createMovementContext, type Actor, type MovementDeps } from './movements/context';
import { disburseLoan } from './movements/loan-payout';
import { adminCreateRecord, type AdminRecordInput } from './movements/record-create';
import { adminEditRecord, type AdminEditInput } from './movements/record-edit';
import { transfer, type TransferInput } from './movements/transfer';

export {
  BANK_DISPLAY_NAME,
  limitDayStart,
  sentTodaySql,
  type Actor,
  type MovementDeps,
} from './movements/context';
export type { AdminCashInput } from './movements/admin-cash';
export type { TransferInput } from './movements/transfer';

/**
 * The bank's money movements, one use case per file under `movements/`, each over the one posting
 * primitive (`posting.ts` → `journal.postEntry`, one statement per entry). This file only wires
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
      authorise?: (tx: Tx) => Promise<void>,
    ): Promise<StoredAnswer> => transfer(ctx, senderId, input, key, authorise),
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
    disburseLoan: (
      tx: Tx,
      input: { userId: string; amountCents: bigint; loanType: string; actorId: string },
    ) => disburseLoan(ctx, tx, input),
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
