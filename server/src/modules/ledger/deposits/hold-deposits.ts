import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  CHECK_DEPOSIT_30_DAY_MAX_CENTS,
  CHECK_DEPOSIT_DAILY_MAX_CENTS,
  CHECK_DEPOSIT_WINDOW_DAYS,
  CHECK_DEPOSITS_PER_HOUR_MAX,
  CHECK_IMAGE_QUOTA_BYTES,
  type RecordHold,
} from '@larkspur/contract';
import type { Database, Tx } from '../../../db/client';
import { accounts, checkImages, depositHolds } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';
import { takeFromWindows } from '../../../lib/rate-counter';
import { Rejection } from '../../../lib/idempotency';
import { toRecordHold } from '../records';
import type { StoredCheckImage } from './check-images';
import { fullyAvailableAt, holdSchedule } from './hold-schedule';

/**
 * The check-deposit rules that need the database (issue 13, decisions 0070–0073), and placing the
 * hold. Both run in the deposit's transaction after the customer's account row is locked: every
 * deposit of one customer queues on that lock, so what is counted here is what the deposit is
 * written against, and two racing deposits of the same check cannot both pass. The unique indexes
 * on `deposit_holds` are the last line of defence behind the duplicate rules.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface DepositToCheck {
  userId: string;
  accountId: number;
  amountCents: bigint;
  /** The check's MICR line (decision 0192), leading zeros dropped by the contract. */
  checkNumber: string;
  routingNumber: string;
  payerAccountNumber: string;
  images: StoredCheckImage[];
  now: Date;
}

/**
 * Counts a check-deposit attempt before anything else is done with it (issue 27 finding 5,
 * decision 0191): every attempt counts, refused ones too, so that a flood of photos that fail to
 * decode, or of deposits refused later, meets the hourly limit like accepted ones; and what is
 * past the limit is refused here, before a photo is decoded. Counted by the bank's one database
 * counter (decision 0194), which holds across instances and under a burst.
 */
export async function countDepositAttempt(db: Database, userId: string, now: Date): Promise<void> {
  const taken = await takeFromWindows(db, now, [
    { key: `check-deposits:${userId}`, lengthMs: HOUR_MS, max: CHECK_DEPOSITS_PER_HOUR_MAX },
  ]);
  if (!taken.granted)
    throw new AppError('CHECK_DEPOSIT_RATE_LIMITED', { retryAfterSeconds: taken.retryAfterSeconds });
}

export async function enforceDepositRules(tx: Tx, input: DepositToCheck): Promise<void> {
  const { now } = input;
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const windowStart = new Date(now.getTime() - CHECK_DEPOSIT_WINDOW_DAYS * DAY_MS);
  // The hourly limit is counted before the photos are decoded (countDepositAttempt).
  const [recent] = await tx
    .select({
      today: sql<string>`coalesce(sum(${depositHolds.amountCents}) filter (where ${depositHolds.createdAt} >= ${dayStart}), 0)::text`,
      window: sql<string>`coalesce(sum(${depositHolds.amountCents}), 0)::text`,
    })
    .from(depositHolds)
    .where(and(eq(depositHolds.userId, input.userId), gt(depositHolds.createdAt, windowStart)));

  const hashes = input.images.map((image) => image.sha256);
  if (new Set(hashes).size !== hashes.length) throw new Rejection('DUPLICATE_CHECK_IMAGE', 'backImage');
  // The same check is the same MICR line, wherever and by whomever it was deposited, returned or
  // not (decision 0192). Every check deposit holds the check-clearing account's lock here, so a
  // racing deposit of the same line is counted after this one commits.
  const [sameCheck] = await tx
    .select({ id: depositHolds.id })
    .from(depositHolds)
    .where(
      and(
        eq(depositHolds.routingNumber, input.routingNumber),
        eq(depositHolds.payerAccountNumber, input.payerAccountNumber),
        eq(depositHolds.checkNumber, input.checkNumber),
      ),
    )
    .limit(1);
  if (sameCheck) throw new Rejection('DUPLICATE_CHECK');
  // Per account: the same photo bytes (decision 0072), and the same number as a deposit made
  // before the MICR line was asked, which cannot be told apart from this check.
  const duplicates = await tx
    .select({ checkNumber: depositHolds.checkNumber, routingNumber: depositHolds.routingNumber })
    .from(depositHolds)
    .where(
      and(
        eq(depositHolds.accountId, input.accountId),
        or(
          and(isNull(depositHolds.routingNumber), eq(depositHolds.checkNumber, input.checkNumber)),
          inArray(depositHolds.frontSha256, hashes),
          inArray(depositHolds.backSha256, hashes),
        ),
      ),
    )
    .limit(2);
  if (duplicates.some((row) => row.routingNumber === null && row.checkNumber === input.checkNumber))
    throw new Rejection('DUPLICATE_CHECK_NUMBER', 'checkNumber');
  if (duplicates.length > 0) throw new Rejection('DUPLICATE_CHECK_IMAGE', 'frontImage');

  // Returned checks count too: a limit is on what was deposited, not on what cleared.
  if (BigInt(recent?.today ?? '0') + input.amountCents > CHECK_DEPOSIT_DAILY_MAX_CENTS)
    throw new Rejection('CHECK_DAILY_LIMIT_EXCEEDED', 'amount');
  if (BigInt(recent?.window ?? '0') + input.amountCents > CHECK_DEPOSIT_30_DAY_MAX_CENTS)
    throw new Rejection('CHECK_30_DAY_LIMIT_EXCEEDED', 'amount');

  const [stored] = await tx
    .select({ bytes: sql<string>`coalesce(sum(octet_length(${checkImages.bytes})), 0)::text` })
    .from(depositHolds)
    .innerJoin(checkImages, eq(checkImages.recordId, depositHolds.recordId))
    .where(eq(depositHolds.userId, input.userId));
  const adding = input.images.reduce((sum, image) => sum + image.bytes.length, 0);
  if (Number(stored?.bytes ?? 0) + adding > CHECK_IMAGE_QUOTA_BYTES)
    throw new Rejection('CHECK_IMAGE_QUOTA_EXCEEDED');
}

/**
 * Stores the photos and places the hold on a deposit just posted: the whole amount is held, on
 * the schedule for the account's age; the account's `held_cents` grows by it under the lock the
 * deposit holds. Returns the account's held cents after and the hold as the record shows it.
 */
export async function placeHold(
  tx: Tx,
  input: DepositToCheck & { recordId: string; accountOpenedAt: Date },
): Promise<{ heldCents: bigint; hold: RecordHold }> {
  const schedule = holdSchedule(input.amountCents, input.now, input.accountOpenedAt);
  const availableAt = fullyAvailableAt(schedule);
  const front = input.images.find((image) => image.side === 'front');
  const back = input.images.find((image) => image.side === 'back');
  if (!front || !back) throw new Error('Assertion failed: a check deposit has both photos');
  await tx.insert(checkImages).values(
    input.images.map((image) => ({
      recordId: input.recordId,
      side: image.side,
      contentType: image.contentType,
      bytes: image.bytes,
      createdAt: input.now,
    })),
  );
  await tx.insert(depositHolds).values({
    recordId: input.recordId,
    userId: input.userId,
    accountId: input.accountId,
    amountCents: input.amountCents,
    checkNumber: input.checkNumber,
    routingNumber: input.routingNumber,
    payerAccountNumber: input.payerAccountNumber,
    frontSha256: front.sha256,
    backSha256: back.sha256,
    status: 'active',
    releaseSchedule: schedule,
    nextReleaseAt: new Date(schedule[0]?.at ?? availableAt),
    availableAt,
    createdAt: input.now,
  });
  const [account] = await tx
    .update(accounts)
    .set({ heldCents: sql`${accounts.heldCents} + ${input.amountCents}` })
    .where(eq(accounts.id, input.accountId))
    .returning({ heldCents: accounts.heldCents });
  if (!account) throw new Error('Assertion failed: the locked account exists');
  const hold = toRecordHold({ status: 'active', heldCents: input.amountCents, availableAt });
  if (!hold) throw new Error('Assertion failed: an active hold has a view');
  return { heldCents: account.heldCents, hold };
}
