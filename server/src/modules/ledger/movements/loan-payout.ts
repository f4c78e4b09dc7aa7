import { BANK_DISPLAY_NAME } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { moveWithSystem, type SystemMovementResult } from '../posting';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import type { MovementContext } from './context';

/**
 * product §7 loan approval's money: credit the applicant from the loan disbursement account with
 * a LOAN Deposit record (sender "Loan Disbursement", purpose "<loan type> Approval"). Runs in
 * the caller's transaction, which also moves the loan to Approved.
 */
export function disburseLoan(
  ctx: MovementContext,
  tx: Tx,
  input: { userId: string; amountCents: bigint; loanType: string; actorId: string },
): Promise<SystemMovementResult> {
  return moveWithSystem(ctx, tx, {
    userId: input.userId,
    systemCode: SYSTEM_ACCOUNTS.loanDisbursement,
    direction: 'credit',
    amountCents: input.amountCents,
    kind: 'loan_disbursement',
    description: { before: `${input.loanType} loan disbursed to `, after: '' },
    actorId: input.actorId,
    notFound: { code: 'LOAN_USER_GONE' },
    insufficient: 'LOAN_USER_GONE',
    record: {
      prefix: RECORD_PREFIXES.loan,
      type: 'Deposit',
      bankName: BANK_DISPLAY_NAME,
      counterpartyName: 'Loan Disbursement',
      counterpartyAccount: '',
      purpose: `${input.loanType} Approval`,
    },
  });
}
