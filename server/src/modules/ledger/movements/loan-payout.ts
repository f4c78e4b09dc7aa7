import type { Tx } from '../../../db/client';
import { loadCustomer } from '../customers';
import { Rejection } from '../idempotency';
import { moveWithSystem } from '../posting';
import type { RecordRow } from '../records';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import { BANK_DISPLAY_NAME, type MovementContext } from './context';

/**
 * SPEC §7 loan approval's money: credit the applicant from the loan disbursement account with
 * a LOAN Deposit record (sender "Loan Disbursement", purpose "<loan type> Approval"). Runs in
 * the caller's transaction, which also moves the loan to Approved.
 */
export async function disburseLoan(
  ctx: MovementContext,
  tx: Tx,
  input: { userId: string; amountCents: bigint; loanType: string; actorId: string },
): Promise<{ record: RecordRow; balanceCents: bigint }> {
  const customer = await loadCustomer(tx, { userId: input.userId });
  if (!customer) throw new Rejection('LOAN_USER_GONE');
  const moved = await moveWithSystem(ctx, tx, {
    customer,
    systemCode: SYSTEM_ACCOUNTS.loanDisbursement,
    direction: 'credit',
    amountCents: input.amountCents,
    kind: 'loan_disbursement',
    description: `${input.loanType} loan disbursed to ${customer.accountNumber}`,
    actorId: input.actorId,
    insufficient: 'LOAN_USER_GONE',
    record: {
      prefix: RECORD_PREFIXES.loan,
      type: 'Deposit',
      recipientName: customer.fullName,
      recipientAccount: customer.accountNumber,
      bankName: BANK_DISPLAY_NAME,
      senderName: 'Loan Disbursement',
      senderAccount: '',
      purpose: `${input.loanType} Approval`,
    },
  });
  return { record: moved.record, balanceCents: moved.balanceCents };
}
