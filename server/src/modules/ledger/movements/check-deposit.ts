import { BANK_DISPLAY_NAME, CHECK_DEPOSIT_MAX_CENTS, formatCents } from '@larkspur/contract';
import { AppError, isUniqueViolation } from '../../../lib/errors';
import { normaliseCheckImage, type CheckImageInput, type StoredCheckImage } from '../deposits/check-images';
import { countDepositAttempt, enforceDepositRules, placeHold } from '../deposits/hold-deposits';
import { fullyAvailableAt, holdSchedule } from '../deposits/hold-schedule';
import { loadCustomer } from '../customers';
import { Rejection, type StoredAnswer } from '../../../lib/idempotency';
import { lockAccounts } from '../journal';
import { moveWithSystem } from '../posting';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import { positiveAmount, type MovementContext } from './context';

export interface CheckDepositInput {
  amount: string;
  checkNumber: string;
  routingNumber: string;
  payerAccountNumber: string;
  frontImage: CheckImageInput;
  backImage: CheckImageInput;
}

/**
 * product §7 check deposit: credit the balance, write a Check Deposit record, alert — and hold
 * the money until it clears (issue 13, decision 0070). The photos are decoded and re-encoded
 * before the transaction (CPU work holds no lock); the rules that count earlier deposits run
 * under the customer's account lock. The attempt is counted first of all (decision 0191): a
 * customer past the hourly limit gets nothing decoded.
 */
export async function depositCheck(
  ctx: MovementContext,
  userId: string,
  input: CheckDepositInput,
  idempotencyKey: string | null,
): Promise<StoredAnswer> {
  const amountCents = positiveAmount(input.amount);
  if (amountCents === null) throw new AppError('INVALID_DEPOSIT_AMOUNT', { field: 'amount' });
  if (amountCents > CHECK_DEPOSIT_MAX_CENTS)
    throw new AppError('CHECK_AMOUNT_OVER_LIMIT', { field: 'amount' });
  await countDepositAttempt(ctx.db, userId, ctx.clock.now());
  const images: StoredCheckImage[] = [
    await normaliseCheckImage('front', input.frontImage),
    await normaliseCheckImage('back', input.backImage),
  ];
  const answer = ctx.runMovement(
    { scope: `${userId}:check_deposit`, key: idempotencyKey, request: input },
    async (tx, touched) => {
      const customer = await loadCustomer(tx, { userId });
      if (!customer) throw new Rejection('USER_NOT_FOUND');
      if (customer.status !== 'active')
        throw new Rejection(customer.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
      // Lock as the posting will (both accounts, in id order) before counting earlier deposits.
      await lockAccounts(tx, [customer.accountId, await ctx.systemAccount(SYSTEM_ACCOUNTS.checkClearing)]);
      const deposit = {
        userId,
        accountId: customer.accountId,
        amountCents,
        checkNumber: input.checkNumber,
        routingNumber: input.routingNumber,
        payerAccountNumber: input.payerAccountNumber,
        images,
        now: ctx.clock.now(),
      };
      await enforceDepositRules(tx, deposit);
      // The hold placeHold writes after the posting, told to the alert now (decision 0198).
      const availableAt = fullyAvailableAt(holdSchedule(amountCents, deposit.now, customer.openedAt));
      const moved = await moveWithSystem(ctx, tx, {
        userId,
        systemCode: SYSTEM_ACCOUNTS.checkClearing,
        direction: 'credit',
        amountCents,
        kind: 'check_deposit',
        description: { before: `Check #${input.checkNumber} deposited to `, after: '' },
        actorId: userId,
        notFound: { code: 'USER_NOT_FOUND' },
        requireActive: true,
        insufficient: 'INVALID_DEPOSIT_AMOUNT',
        alertHold: { cents: amountCents, until: availableAt },
        record: {
          prefix: RECORD_PREFIXES.checkDeposit,
          type: 'Check Deposit',
          bankName: BANK_DISPLAY_NAME,
          counterpartyName: `Check #${input.checkNumber}`,
          counterpartyAccount: '',
          purpose: `Check deposit #${input.checkNumber}`,
        },
      });
      const { heldCents, hold } = await placeHold(tx, {
        ...deposit,
        recordId: moved.recordId,
        accountOpenedAt: moved.openedAt,
      });
      const { body } = moved.answer;
      touched.push(customer.userId);
      // The answer with the hold just placed: part of the balance is not available yet.
      return {
        statusCode: moved.answer.statusCode,
        body: {
          ...body,
          transaction: { ...body.transaction, hold },
          availableBalance: formatCents(moved.balanceCents - heldCents),
        },
      };
    },
  );
  return answer.catch((error: unknown) => {
    // The bank-wide index behind the MICR rule (decision 0192): a deposit of the same check that
    // the rule did not see is refused in the rule's words, never a 5xx.
    if (isUniqueViolation(error, 'deposit_holds_micr_key')) throw new AppError('DUPLICATE_CHECK');
    throw error;
  });
}
