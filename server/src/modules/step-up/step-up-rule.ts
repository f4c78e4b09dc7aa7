import { sql } from 'drizzle-orm';
import {
  AMOUNT_MAX_CENTS,
  type AccountStepUpAction,
  normaliseAccountInput,
  PAYEE_NEW_WINDOW_HOURS,
  STEP_UP_AMOUNT_THRESHOLD_CENTS,
  parseAmountToCents,
  transferTypes,
  type InternationalDetails,
  type StepUpReason,
  type TransferType,
} from '@larkspur/contract';
import type { DbOrTx } from '../../db/client';
import { sha256 } from '../passkeys/index';

/**
 * Which transfers need a step-up, and what binds a proof to one transfer or one change of the
 * customer's sign-in factors (decisions 0137, 0157, 0185): the rule's facts, computed the same way
 * when the review step asks and when the transfer itself is checked under its lock.
 */

/** What binds a proof to one change of the customer's sign-in factors (decision 0185). */
export function accountChangeFingerprint(userId: string, action: AccountStepUpAction): string {
  return sha256(JSON.stringify(['account-change', userId, action]));
}

/** The facts of a transfer the rule and the proof look at. */
export interface StepUpTransfer {
  type: TransferType;
  recipientAccount: string;
  amount: string;
  /** A wire's: another bank's routing number sends it out of the bank (decision 0206). */
  routingNumber?: string | null | undefined;
  internationalDetails?: InternationalDetails | undefined;
}

function amountCentsOf(amount: string): bigint | null {
  const cents = parseAmountToCents(amount);
  return cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS ? null : cents;
}

/**
 * The payee as the rule knows it: the account (for an international one its IBAN or account
 * number, the request's one account field since issue 18) and, abroad, its SWIFT/BIC.
 */
function payeeOf(transfer: StepUpTransfer) {
  const international =
    transfer.type === 'International Transfer' ? transfer.internationalDetails : undefined;
  return {
    account: normaliseAccountInput(transfer.recipientAccount),
    swift: international?.swiftBic ?? null,
  };
}

/** What binds a proof to one transfer. Null when the amount is not valid (the transfer refuses itself). */
export function transferFingerprint(
  userId: string,
  transfer: StepUpTransfer,
  idempotencyKey: string | null,
): string | null {
  const cents = amountCentsOf(transfer.amount);
  if (cents === null) return null;
  const payee = payeeOf(transfer);
  return sha256(
    JSON.stringify([
      userId,
      transfer.type,
      payee.account,
      payee.swift,
      cents.toString(),
      idempotencyKey ?? '',
    ]),
  );
}

/**
 * Why this transfer needs a step-up (empty: it does not). "New payee" (decisions 0137, 0157): the
 * sender never paid this payee, or saved or changed it in their payee book less than
 * PAYEE_NEW_WINDOW_HOURS before `now` — saving a payee vouches for nothing, and editing one is how a
 * stolen session would redirect a trusted name.
 */
export async function stepUpReasons(
  db: DbOrTx,
  userId: string,
  transfer: StepUpTransfer,
  now: Date,
): Promise<StepUpReason[]> {
  const cents = amountCentsOf(transfer.amount);
  if (cents === null) return [];
  // The rule is one SQL function (migration 0014), which the transfer itself runs under its lock.
  const result = (await db.execute(
    sql`select lb_step_up_reasons(${userId}::uuid, ${JSON.stringify(stepUpRule(transfer, now))}::jsonb,
      ${cents.toString()}::bigint, ${JSON.stringify(transferTypes)}::jsonb) as reasons`,
  )) as unknown as { rows: { reasons: StepUpReason[] }[] };
  return result.rows[0]?.reasons ?? [];
}

/** The rule's facts of one transfer, as `lb_step_up_reasons` reads them. */
export function stepUpRule(transfer: StepUpTransfer, now: Date) {
  const payee = payeeOf(transfer);
  return {
    payeeAccount: payee.account,
    payeeSwift: payee.swift,
    thresholdCents: STEP_UP_AMOUNT_THRESHOLD_CENTS.toString(),
    savedSince: new Date(now.getTime() - PAYEE_NEW_WINDOW_HOURS * 3_600_000).toISOString(),
  };
}
