import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  idempotencyKeys,
  loginThrottles,
  mailboxMessages,
  outboxMessages,
  rateLimitCounters,
  sessions,
  stepUps,
  webauthnChallenges,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { createPeriodicJob, type JobLogger } from '../../lib/periodic-job';
import { CONSECUTIVE_FAILURES_MEMORY_MS, FAILURE_WINDOW_MS, LOCK_MAX_MS } from '../auth/index';

/** How often each instance tidies up. Several instances may run it at once: deletes are idempotent. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
/** Rows one delete statement removes: short statements, short locks, no long transaction. */
export const HOUSEKEEPING_BATCH_ROWS = 1_000;
/** Batches per table per run; what is left waits for the next run (a backlog drains over hours). */
export const HOUSEKEEPING_BATCHES_MAX = 20;
/** Delivered email is kept this long for support questions ("did you send me…?"), then deleted. */
export const OUTBOX_SENT_RETENTION_MS = 30 * 86_400_000;
/** The development mailbox shows a week of mail. */
export const MAILBOX_RETENTION_MS = 7 * 86_400_000;
/**
 * A step-up (challenge and proof) lives minutes (step-up-service.ts); after a day nothing reads it:
 * the payee rule reads the records, and a retried transfer replays its idempotency key. The table
 * holds about a day of step-ups, so its created_at scan needs no index of its own.
 */
/** Longer than the longest rate-limit window (a day, decision 0194): such a counter counts nothing. */
export const RATE_LIMIT_COUNTER_IDLE_MS = 2 * 86_400_000;
export const STEP_UP_RETENTION_MS = 86_400_000;
/**
 * A throttle row untouched for this long has an expired window, no back-off left (at most
 * LOCK_MAX_MS from the failure that set it) and consecutive failures old enough to forget, so it
 * counts exactly as no row. A hard lock's `locked_until` lies far ahead: such a row is never idle.
 */
export const LOGIN_THROTTLE_IDLE_MS = Math.max(
  FAILURE_WINDOW_MS,
  LOCK_MAX_MS,
  CONSECUTIVE_FAILURES_MEMORY_MS,
);

/** Rows deleted per table in one run. */
export type HousekeepingResult = Record<
  | 'idempotencyKeys'
  | 'sessions'
  | 'loginThrottles'
  | 'sentEmail'
  | 'suppressedEmail'
  | 'rateLimitCounters'
  | 'mailbox'
  | 'stepUps'
  | 'webauthnChallenges',
  number
>;

export interface Housekeeping {
  /** Runs now and then every HOUSEKEEPING_INTERVAL_MS (the app calls this once it is ready). */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One pass over every table. Tests call this instead of `start()`. */
  runOnce(): Promise<HousekeepingResult>;
}

/**
 * Deletes what no rule reads any more, so that tables written on every request do not grow
 * without bound (docs/decisions/0045-housekeeping.md): idempotency keys past their expiry,
 * sessions past either deadline, login throttles long idle, delivered email past its retention,
 * the development mailbox's old mail, step-ups a day old and expired passkey challenges. Never the ledger, records, loans or the audit log.
 */
export function createHousekeeping(deps: {
  db: Database;
  clock: Clock;
  logger: JobLogger;
  /** Only with the mailbox transport; its table is empty otherwise. */
  mailbox: boolean;
  intervalMs?: number;
}): Housekeeping {
  const { db, clock, logger } = deps;
  const intervalMs = deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;

  /**
   * Deletes matching rows in batches, in no particular order (each table has an index for its
   * condition). Each batch is one statement; rows another instance is deleting at the same moment
   * are skipped rather than waited for.
   */
  async function purge(table: PgTable, key: PgColumn[], where: SQL | undefined): Promise<number> {
    const keyList = sql.join(key, sql`, `);
    let total = 0;
    for (let batch = 0; batch < HOUSEKEEPING_BATCHES_MAX; batch += 1) {
      const doomed = db
        .select(Object.fromEntries(key.map((column) => [column.name, column])))
        .from(table)
        .where(where)
        .limit(HOUSEKEEPING_BATCH_ROWS)
        .for('update', { skipLocked: true });
      const result = (await db.execute(
        sql`delete from ${table} where (${keyList}) in (${doomed}) returning 1`,
      )) as unknown as { rows: unknown[] };
      total += result.rows.length;
      if (result.rows.length < HOUSEKEEPING_BATCH_ROWS) break;
    }
    return total;
  }

  async function runOnce(): Promise<HousekeepingResult> {
    const now = clock.now();
    const before = (ms: number) => new Date(now.getTime() - ms);
    const result: HousekeepingResult = {
      // An expired key is never replayed (runIdempotent treats it as absent).
      idempotencyKeys: await purge(
        idempotencyKeys,
        [idempotencyKeys.scope, idempotencyKeys.key],
        lt(idempotencyKeys.expiresAt, now),
      ),
      // An expired session is refused already (SessionStore.resolve).
      sessions: await purge(
        sessions,
        [sessions.idHash],
        or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)),
      ),
      loginThrottles: await purge(
        loginThrottles,
        [loginThrottles.key],
        and(
          lt(loginThrottles.updatedAt, before(LOGIN_THROTTLE_IDLE_MS)),
          or(isNull(loginThrottles.lockedUntil), lt(loginThrottles.lockedUntil, now)),
        ),
      ),
      // Pending mail is never touched, and failed mail stays for an operator to look at.
      sentEmail: await purge(
        outboxMessages,
        [outboxMessages.id],
        and(eq(outboxMessages.status, 'sent'), lt(outboxMessages.sentAt, before(OUTBOX_SENT_RETENTION_MS))),
      ),
      // Money alerts past their address's bound (decision 0194): kept as long as delivered mail.
      suppressedEmail: await purge(
        outboxMessages,
        [outboxMessages.id],
        and(
          eq(outboxMessages.status, 'suppressed'),
          lt(outboxMessages.sentAt, before(OUTBOX_SENT_RETENTION_MS)),
        ),
      ),
      // A counter whose window ended is started anew by its next take (decision 0194).
      rateLimitCounters: await purge(
        rateLimitCounters,
        [rateLimitCounters.key],
        lt(rateLimitCounters.windowStart, before(RATE_LIMIT_COUNTER_IDLE_MS)),
      ),
      mailbox: deps.mailbox
        ? await purge(
            mailboxMessages,
            [mailboxMessages.id],
            lt(mailboxMessages.createdAt, before(MAILBOX_RETENTION_MS)),
          )
        : 0,
      stepUps: await purge(stepUps, [stepUps.id], lt(stepUps.createdAt, before(STEP_UP_RETENTION_MS))),
      // An expired passkey challenge is refused already (passkey-service.ts).
      webauthnChallenges: await purge(
        webauthnChallenges,
        [webauthnChallenges.id],
        lt(webauthnChallenges.expiresAt, now),
      ),
    };
    if (Object.values(result).some((n) => n > 0)) logger.info({ deleted: result }, 'housekeeping');
    return result;
  }

  return {
    ...createPeriodicJob({
      runOnce,
      intervalMs,
      logger,
      failureMessage: 'housekeeping failed; next run retries',
    }),
    runOnce,
  };
}
