import type {
  FxQuote,
  InternationalDetails,
  RecordInternationalDetails,
  TransferType,
} from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { assert } from '../../../lib/errors';
import { convertAtPostedRate } from '../../fx/fx-rates';
import { decidePayeeCheck } from '../../payees/payee-check';
import { lockParties } from '../customers';
import { Rejection, type StoredAnswer } from '../idempotency';
import { lockAccounts } from '../journal';
import { postMovement } from '../posting';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { RECORD_PREFIXES } from '../transaction-ids';
import {
  BANK_DISPLAY_NAME,
  movementAnswer,
  positiveAmount,
  sentTodaySql,
  type MovementContext,
} from './context';

export interface TransferInput {
  type: TransferType;
  recipientAccount: string;
  recipientName: string;
  bankName: string;
  routingNumber?: string | null;
  amount: string;
  purpose: string;
  internationalDetails?: InternationalDetails;
  /** The customer accepts a close or no match of the name check (decision 0155). */
  confirmPayeeRisk?: boolean;
  /** International: the foreign amount and the posted rate the review showed (decision 0165). */
  fxQuote?: FxQuote;
}

/**
 * SPEC §7 transfer. Checks in the spec's order, each with its message, against the parties as
 * locked: amount, recipient exists (unless international), not oneself, funds, then the daily
 * limit. One journal entry, the sender's record and the recipient's Deposit record and both
 * alerts, in one statement (decision 0017).
 */
export async function transfer(
  ctx: MovementContext,
  senderId: string,
  input: TransferInput,
  idempotencyKey: string | null,
  /**
   * Runs after the spec's checks, inside the transaction, under the sender's lock: the step-up
   * rule (modules/step-up, decision 0137). An AppError from it rolls everything back, the
   * idempotency key included.
   */
  authorise?: (tx: Tx) => Promise<void>,
): Promise<StoredAnswer> {
  return ctx.runMovement(
    { scope: `${senderId}:transfer`, key: idempotencyKey, request: input },
    async (tx, touched) => {
      const amountCents = positiveAmount(input.amount);
      if (amountCents === null) throw new Rejection('INVALID_TRANSFER_AMOUNT', 'amount');
      const recipientAccount = input.recipientAccount.trim();
      const international = input.type === 'International Transfer';
      // International: `amount` is the dollars the review showed; they must be the foreign amount
      // at the rate in force now (decision 0165). The record keeps the conversion.
      let internationalDetails: RecordInternationalDetails | null = null;
      if (international) {
        if (!input.internationalDetails || !input.fxQuote) throw new Rejection('VALIDATION_FAILED');
        internationalDetails = await convertAtPostedRate(tx, ctx.clock.now(), {
          details: input.internationalDetails,
          quote: input.fxQuote,
          amountCents,
        });
      }
      // Read under lock from the start: what is checked below is what the entry is posted
      // against, with no second look at the rows between the checks and the write.
      const { sender, recipient } = await lockParties(tx, senderId, recipientAccount);
      if (!sender) throw new Rejection('USER_NOT_FOUND');
      if (sender.status !== 'active')
        throw new Rejection(sender.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
      const recipientUsable = recipient !== null && recipient.status !== 'closed';
      if (!recipientUsable && !international) throw new Rejection('RECIPIENT_NOT_FOUND', 'recipientAccount');
      if (recipientAccount === sender.accountNumber) throw new Rejection('SELF_TRANSFER', 'recipientAccount');
      // What may be spent is the available balance: held check deposits stay (decision 0070).
      if (sender.balanceCents - sender.heldCents < amountCents)
        throw new Rejection('INSUFFICIENT_FUNDS', 'amount');
      // Confirmation of Payee against the holder as locked (decision 0155): refused unless a match
      // or accepted; the result goes on the sender's record.
      const payeeCheck = decidePayeeCheck(input, recipientUsable ? recipient.fullName : null);
      if (authorise) await authorise(tx);

      // Money to an account outside the bank goes to the settlement account, locked after the
      // sender's; nothing else locks it, so this order cannot deadlock.
      let creditAccountId: number;
      if (recipientUsable) {
        creditAccountId = recipient.accountId;
      } else {
        creditAccountId = await ctx.systemAccount(SYSTEM_ACCOUNTS.internationalSettlement);
        const settlement = await lockAccounts(tx, [creditAccountId]);
        if (!settlement.has(creditAccountId)) throw new Rejection('RECIPIENT_GONE', 'recipientAccount');
      }

      // The account limit caps what a customer may send in one calendar day (UTC). Summed in
      // the posting statement, whose snapshot is taken after the sender's lock was granted, so
      // it counts every transfer that sender committed before this one; over the limit, the
      // transaction rolls back and nothing of it remains.
      const now = ctx.clock.now();
      const sentToday = sentTodaySql(sender.userId, now);

      const common = {
        amountCents,
        recipientName: input.recipientName,
        recipientAccount,
        bankName: input.bankName || BANK_DISPLAY_NAME,
        routingNumber: input.routingNumber ?? null,
        senderName: sender.fullName,
        senderAccount: sender.accountNumber,
        purpose: input.purpose,
        internationalDetails,
      };
      const legs = [
        {
          values: {
            ...common,
            prefix: RECORD_PREFIXES.transfer,
            userId: sender.userId,
            direction: 'debit' as const,
            type: input.type,
            payeeCheck,
          },
          customer: sender,
          balanceBeforeCents: sender.balanceCents,
        },
        ...(recipientUsable
          ? [
              {
                values: {
                  ...common,
                  recipientName: recipient.fullName,
                  prefix: RECORD_PREFIXES.deposit,
                  userId: recipient.userId,
                  direction: 'credit' as const,
                  type: 'Deposit',
                },
                customer: recipient,
                balanceBeforeCents: recipient.balanceCents,
              },
            ]
          : []),
      ];
      const {
        records: [debit],
        measured,
      } = await postMovement(
        ctx,
        tx,
        {
          kind: 'transfer',
          description: `${input.type} ${sender.accountNumber} → ${recipientAccount}`,
          actorId: sender.userId,
          at: now,
          legs: [
            { accountId: sender.accountId, amountCents: -amountCents },
            { accountId: creditAccountId, amountCents },
          ],
        },
        legs,
        sentToday,
      );
      if (BigInt(measured ?? '0') + amountCents > sender.accountLimitCents) {
        throw new Rejection('TRANSFER_LIMIT_EXCEEDED', 'amount');
      }
      assert(debit, 'the sender record was written');
      touched.push(...legs.map((leg) => leg.customer.userId));
      const senderBalance = sender.balanceCents - amountCents;
      return movementAnswer(201, debit, senderBalance, sender.heldCents);
    },
  );
}
