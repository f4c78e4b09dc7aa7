import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, depositHolds } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { createPeriodicJob, type JobLogger } from '../../lib/periodic-job';
import { lockAccounts } from '../ledger/index';
import { dueCents, nextReleaseAfter } from '../ledger/index';

/**
 * Releases holds as their schedule falls due (decision 0070). Every instance runs it; the state is
 * in the database (`released_cents`, `next_release_at`), so a restart loses nothing and a missed
 * run is caught up by the next. Each hold is released in its own short transaction that takes
 * the hold's row with `FOR UPDATE SKIP LOCKED` (another instance busy with it is skipped, never
 * waited for) and then its account's row: one hold and one account per transaction, in the order
 * the reviewers' actions use, so instances never deadlock. A release sets `released_cents` to
 * what the schedule says is due, so running it twice releases nothing twice.
 */

/** How often each instance looks for due holds. Holds fall due at 00:00 UTC, so a minute is ample. */
export const HOLD_RELEASE_INTERVAL_MS = 60_000;
/** Holds one pass releases at most; a backlog drains over the next passes. */
export const HOLD_RELEASE_PASS_MAX = 500;

export interface HoldReleaseJob {
  start(): void;
  stop(): Promise<void>;
  /** One pass: releases every due hold (up to the pass maximum). Tests call this instead of `start()`. */
  runOnce(): Promise<{ released: number; userIds: string[] }>;
}

/** Releases what is due on one due hold, if one is free; false when none is left. */
async function releaseOne(db: Database, now: Date, released: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .select()
      .from(depositHolds)
      .where(and(eq(depositHolds.status, 'active'), lte(depositHolds.nextReleaseAt, now)))
      .orderBy(asc(depositHolds.nextReleaseAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!hold) return false;
    const due = dueCents(hold.releaseSchedule, now);
    const releasing = due - hold.releasedCents;
    const next = nextReleaseAfter(hold.releaseSchedule, now);
    const done = due >= hold.amountCents;
    await lockAccounts(tx, [hold.accountId]);
    await tx
      .update(depositHolds)
      .set(
        done
          ? { status: 'released', releasedCents: hold.amountCents, nextReleaseAt: null, releasedAt: now }
          : { releasedCents: due, nextReleaseAt: next },
      )
      .where(eq(depositHolds.id, hold.id));
    if (releasing > 0n) {
      await tx
        .update(accounts)
        .set({ heldCents: sql`${accounts.heldCents} - ${releasing}` })
        .where(eq(accounts.id, hold.accountId));
      released.push(hold.userId);
    }
    return true;
  });
}

/** Releases every hold due at `now` (the demo seed calls this with its walked clock). */
export async function releaseDueHolds(
  db: Database,
  now: Date,
  max = HOLD_RELEASE_PASS_MAX,
): Promise<string[]> {
  const released: string[] = [];
  for (let i = 0; i < max; i += 1) if (!(await releaseOne(db, now, released))) break;
  return released;
}

export function createHoldReleaseJob(deps: {
  db: Database;
  clock: Clock;
  logger: JobLogger;
  /** Told which customers' available balance grew (the live profile stream). */
  onReleased?: (userIds: string[]) => void;
  intervalMs?: number;
}): HoldReleaseJob {
  const { db, clock, logger } = deps;
  const intervalMs = deps.intervalMs ?? HOLD_RELEASE_INTERVAL_MS;

  async function runOnce(): Promise<{ released: number; userIds: string[] }> {
    const userIds = await releaseDueHolds(db, clock.now());
    if (userIds.length > 0) {
      logger.info({ released: userIds.length }, 'deposit holds released');
      deps.onReleased?.([...new Set(userIds)]);
    }
    return { released: userIds.length, userIds };
  }

  return {
    ...createPeriodicJob({
      runOnce,
      intervalMs,
      logger,
      failureMessage: 'hold release failed; next run retries',
    }),
    runOnce,
  };
}
