import crypto from 'node:crypto';
import {
  BANK_DISPLAY_NAME,
  isExternalWire,
  CURRENCY,
  transferTypes,
  type ErrorCode,
  type FxQuote,
  type InternationalDetails,
  type PayeeCheckResult,
  type RecordInternationalDetails,
  type TransferType,
  wireBankMismatch,
} from '@larkspur/contract';
import { AppError } from '../../../lib/errors';
import { convertAtPostedRate } from '../../fx/index';
import { decidePayeeCheck } from '../payee-check';
import { Rejection, type StoredAnswer } from '../../../lib/idempotency';
import { RECORD_STATUS_SUCCESSFUL } from '../records';
import { answerOf, callMovement, catalogueOf, keyParams, type KeyParams } from '../sql-movement';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import { newTransactionId, RECORD_PREFIXES } from '../transaction-ids';
import { limitDayStart, positiveAmount, type MovementContext } from './context';

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
 * The step-up proof a transfer carries (decision 0137), as `lb_transfer` checks it under the
 * sender's lock: the rule's facts and the proof's binding (modules/step-up builds it).
 */
export interface StepUpCheck {
  sessionHash: string;
  fingerprint: string | null;
  tokenHash: string | null;
  payeeAccount: string;
  payeeSwift: string | null;
  thresholdCents: bigint;
  savedSince: string;
}

/** The occurrence of a scheduled series a transfer pays (decision 0158): its run row commits with it. */
export interface ScheduledOccurrence {
  seriesId: string;
  occurrence: number;
  dueOn: string;
  amountCents: bigint;
}

/** What `lb_transfer` may store with a key; a refusal decided here adds its own. */
const TRANSFER_REFUSALS: readonly ErrorCode[] = [
  'USER_NOT_FOUND',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_CLOSED',
  'RECIPIENT_NOT_FOUND',
  'SELF_TRANSFER',
  'INSUFFICIENT_FUNDS',
  'SCHEDULED_TRANSFER_ENDED',
  'RECIPIENT_GONE',
  'TRANSFER_LIMIT_EXCEEDED',
];
const TRANSFER_CATALOGUE = catalogueOf(TRANSFER_REFUSALS);

/**
 * A name that is not the holder's is compared here and sent back with its result; a second
 * `nameCheck` means the holder's name changed in between, and one more round settles it.
 */
const NAME_CHECK_ROUNDS_MAX = 3;

/**
 * product §7 transfer, as one call of `lb_transfer` (decision 0173): checks in the spec's order, each
 * with its message, against the parties as locked — amount, recipient exists (unless
 * international), not oneself, funds, the name check, the step-up, the daily limit — then one
 * journal entry, the sender's record and the recipient's Deposit record and both alerts. What needs
 * no locked row is decided here first: the amount, and abroad the posted rate.
 */
export async function transfer(
  ctx: MovementContext,
  senderId: string,
  input: TransferInput,
  idempotencyKey: string | null,
  checks: { stepUp?: StepUpCheck; scheduled?: ScheduledOccurrence } = {},
): Promise<StoredAnswer> {
  const now = ctx.clock.now();
  const key = keyParams({ scope: `${senderId}:transfer`, key: idempotencyKey, request: input });
  const amountCents = positiveAmount(input.amount);
  const international = input.type === 'International Transfer';
  // A wire goes where its routing number says (decision 0206): ours pays one of our customers,
  // another bank's leaves through external settlement; a bank name naming the other bank is refused.
  const wire = input.type === 'Wire Transfer';
  const externalWire = isExternalWire(input);
  let refusal: Rejection | null = null;
  if (wire && wireBankMismatch(input.routingNumber ?? '', input.bankName))
    refusal = new Rejection('WIRE_BANK_MISMATCH', 'bankName');
  let internationalDetails: RecordInternationalDetails | null = null;
  if (amountCents === null) {
    refusal = new Rejection('INVALID_TRANSFER_AMOUNT', 'amount');
  } else if (refusal) {
    // Decided above: nothing more to convert.
  } else if (international) {
    // `amount` is the dollars the review showed; they must be the foreign amount at the rate in
    // force now (decision 0165). The record keeps the conversion.
    try {
      if (!input.internationalDetails || !input.fxQuote) throw new Rejection('VALIDATION_FAILED');
      internationalDetails = await convertAtPostedRate(ctx.db, now, {
        details: input.internationalDetails,
        quote: input.fxQuote,
        amountCents,
      });
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      refusal = error;
    }
  }
  if (refusal && key.key === null) throw new AppError(refusal.code, { field: refusal.field });

  const params = transferParams({
    key,
    now,
    senderId,
    input,
    amountCents,
    internationalDetails,
    settlementAccountId: await ctx.systemAccount(
      externalWire ? SYSTEM_ACCOUNTS.externalSettlement : SYSTEM_ACCOUNTS.internationalSettlement,
    ),
    alerts: ctx.alerts !== false,
    refusal,
    checks,
  });

  for (let round = 0; round < NAME_CHECK_ROUNDS_MAX; round += 1) {
    const outcome = await callMovement(ctx.db, 'lb_transfer', params);
    if (outcome.outcome === 'done') {
      ctx.users.profilesChanged(outcome.touched);
      return { statusCode: outcome.status, body: outcome.body };
    }
    if (outcome.outcome !== 'nameCheck') return answerOf(outcome);
    // Confirmation of Payee (decision 0155): refused here, the key left free, unless a match or
    // accepted; the result goes on the sender's record.
    const result: PayeeCheckResult = decidePayeeCheck(input, outcome.holderName);
    params.payeeCheck = { result, holderName: outcome.holderName };
  }
  throw new AppError('CONFLICT');
}

/**
 * The one document `lb_transfer` reads (decision 0173), built here only: the transfer use case
 * sends it, and the benchmark's SQL-level reference (bench/run.ts) calls the function with it.
 */
export function transferParams(args: {
  key: KeyParams;
  now: Date;
  senderId: string;
  input: TransferInput;
  amountCents: bigint | null;
  internationalDetails: RecordInternationalDetails | null;
  settlementAccountId: number;
  alerts: boolean;
  refusal?: Rejection | null;
  checks?: { stepUp?: StepUpCheck; scheduled?: ScheduledOccurrence };
}): Record<string, unknown> {
  const { key, now, senderId, input, amountCents, internationalDetails, settlementAccountId } = args;
  const { alerts, refusal, checks = {} } = args;
  return {
    ...key,
    now: now.toISOString(),
    senderId,
    type: input.type,
    recipientAccount: input.recipientAccount.trim(),
    recipientName: input.recipientName,
    bankName: input.bankName || BANK_DISPLAY_NAME,
    routingNumber: input.routingNumber ?? null,
    // Another bank's wire: never one of our customers, out through `settlementAccountId` (0206).
    externalWire: isExternalWire(input),
    purpose: input.purpose,
    amountCents,
    currency: CURRENCY,
    recordStatus: RECORD_STATUS_SUCCESSFUL,
    internationalDetails,
    limitTypes: transferTypes,
    limitDayStart: limitDayStart(now).toISOString(),
    settlementAccountId,
    ids: {
      debitId: crypto.randomUUID(),
      debitTransactionId: newTransactionId(RECORD_PREFIXES.transfer, now),
      creditId: crypto.randomUUID(),
      creditTransactionId: newTransactionId(RECORD_PREFIXES.deposit, now),
    },
    alerts,
    errors: refusal ? { ...TRANSFER_CATALOGUE, ...catalogueOf([refusal.code]) } : TRANSFER_CATALOGUE,
    ...(refusal ? { refusal: { code: refusal.code, field: refusal.field ?? null } } : {}),
    ...(checks.stepUp ? { stepUp: checks.stepUp } : {}),
    ...(checks.scheduled ? { scheduled: checks.scheduled } : {}),
  };
}
