import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

/**
 * Failed password (and code) checks are counted per key in the database, so every instance sees
 * one count (decision 0081):
 * - `acct:<id>`: the account (account number or admin email) tried from a browser that has not
 *   signed in to it before: strangers, attackers, and the owner on a new browser;
 * - `acct:<id>:device:<hash>`: the account tried from a browser the owner signed in from before
 *   (its device cookie), so strangers' failures never slow the owner's own browser;
 * - `ip:<ip>`: the client address, across accounts (credential stuffing);
 * - `recheck:<session>`: password re-checks inside one session (card unfreeze, password change).
 *
 * An attempt is counted *before* the password is checked, in one conditional UPSERT that also
 * answers whether it may go ahead: a hundred attempts at once cannot all slip under the limit.
 * After a few free failures each further one backs the key off for twice as long as the last, up
 * to LOCK_MAX_MS; an account bucket that reaches HARD_LOCK_FAILURES consecutive failures (NIST SP
 * 800-63B §5.2.2) stays locked until the owner signs in from a trusted browser or support lifts it.
 */
export const ACCOUNT_FAILURES_FREE = 5;
/** An IP may be a whole office behind NAT: it gets more room before it is slowed down. */
export const IP_FAILURES_FREE = 30;
/** The first back-off; each further failure doubles it. */
export const LOCK_BASE_MS = 30_000;
/** The longest back-off: slow down, never lock for good, below the hard limit. */
export const LOCK_MAX_MS = 3_600_000;
/** Doublings are counted up to here; 2^20 × LOCK_BASE_MS is far past LOCK_MAX_MS anyway. */
const BACKOFF_DOUBLINGS_MAX = 20;
/** Back-off counters start again this long after a key's first failure. */
export const FAILURE_WINDOW_MS = 3_600_000;
/** NIST SP 800-63B §5.2.2: at most 100 consecutive failed attempts on one account. */
export const HARD_LOCK_FAILURES = 100;
/**
 * Consecutive failures are remembered this long after the last one (housekeeping keeps the rows),
 * so spacing guesses an hour apart does not reset the count toward the hard lock.
 */
export const CONSECUTIVE_FAILURES_MEMORY_MS = 30 * 86_400_000;
/** Wrong passwords at a re-check (card unfreeze, password change) before the session ends. */
export const RECHECK_FAILURES_MAX = 5;
/** A re-check bucket stays shut this long after it ended its session: longer than any session lives. */
export const RECHECK_LOCK_MS = 24 * 3_600_000;
/** At most one "someone is trying your password" email per account in this period. */
export const FAILURE_NOTICE_INTERVAL_MS = 24 * 3_600_000;
/**
 * At most one "your account is suspended/closed" email per account in this period (decision 0121):
 * whoever has the password cannot use log-ins to flood the owner's mailbox.
 */
export const STATUS_NOTICE_INTERVAL_MS = 24 * 3_600_000;
/** A hard lock has no end of its own: support or the owner's trusted browser lifts it. */
export const HARD_LOCK_UNTIL = new Date('9999-12-31T00:00:00.000Z');

export interface ThrottleKey {
  key: string;
  /** Failures in a window before back-off starts. */
  failuresFree: number;
  /** Consecutive failures (since the last success) after which the key is shut; null: never. */
  hardLimit: number | null;
  /** How long a hard lock lasts; null: until lifted. */
  hardLockMs: number | null;
  /** Strangers' bucket of an account: its owner is mailed when it starts backing off. */
  notifyOwner: boolean;
}

const normaliseIdentifier = (accountNumberOrEmail: string) => accountNumberOrEmail.trim().toLowerCase();

/** Strangers' (and new browsers') attempts on an account. */
export const accountKey = (accountNumberOrEmail: string): ThrottleKey => ({
  key: `acct:${normaliseIdentifier(accountNumberOrEmail)}`,
  failuresFree: ACCOUNT_FAILURES_FREE,
  hardLimit: HARD_LOCK_FAILURES,
  hardLockMs: null,
  notifyOwner: true,
});

/** Attempts on an account from a browser its owner signed in from before (by device id hash). */
export const trustedDeviceKey = (accountNumberOrEmail: string, deviceIdHash: string): ThrottleKey => ({
  key: `${accountKey(accountNumberOrEmail).key}:device:${deviceIdHash}`,
  failuresFree: ACCOUNT_FAILURES_FREE,
  hardLimit: HARD_LOCK_FAILURES,
  hardLockMs: null,
  // The owner's own browser: they know what they typed.
  notifyOwner: false,
});

export const ipKey = (ip: string): ThrottleKey => ({
  key: `ip:${ip}`,
  failuresFree: IP_FAILURES_FREE,
  hardLimit: null,
  hardLockMs: null,
  notifyOwner: false,
});

/** Re-checks within one session: the try that reaches the limit ends the session. */
export const recheckKey = (sessionIdHash: string): ThrottleKey => ({
  key: `recheck:${sessionIdHash}`,
  failuresFree: RECHECK_FAILURES_MAX,
  hardLimit: RECHECK_FAILURES_MAX,
  hardLockMs: RECHECK_LOCK_MS,
  // The try that ends the session mails the owner itself (decision 0082).
  notifyOwner: false,
});

/** What a claimed attempt counted: failures in the window and since the last success. */
export interface ClaimedCount {
  key: ThrottleKey;
  failures: number;
  consecutiveFailures: number;
}

export type Claim =
  | { allowed: true; counts: ClaimedCount[] }
  /** `key` is the one that refused; keys before it were counted. */
  | { allowed: false; key: ThrottleKey };

export interface LoginThrottle {
  /**
   * Counts an attempt against each key, in order, *before* the secret is checked; stops at the
   * first key that is backed off or shut. Call `succeeded` if the secret turns out right.
   */
  claim(keys: ThrottleKey[]): Promise<Claim>;
  /** Gives back an attempt that turned out right on a shared key (the IP): it was no failure. */
  release(key: ThrottleKey): Promise<void>;
  /** Forgets a key's failures. */
  reset(key: ThrottleKey): Promise<void>;
  /** Forgets every bucket of an account (strangers' and each trusted browser's): the owner is back. */
  resetAccount(accountNumberOrEmail: string): Promise<void>;
  /** True at most once per FAILURE_NOTICE_INTERVAL_MS for a key: then the owner is mailed. */
  claimNotice(key: ThrottleKey): Promise<boolean>;
  /**
   * True at most once per STATUS_NOTICE_INTERVAL_MS for an account (by user id): then its owner
   * is told their account is suspended or closed. Counts nothing against any sign-in bucket.
   */
  claimStatusNotice(userId: string): Promise<boolean>;
}

/** The row that remembers when a user was last told their account's status (no counts on it). */
export const statusNoticeKey = (userId: string): string => `status-notice:${userId}`;

export function lockDurationMs(failures: number, failuresFree: number): number {
  const over = failures - failuresFree;
  if (over <= 0) return 0;
  return Math.min(LOCK_BASE_MS * 2 ** Math.min(over - 1, BACKOFF_DOUBLINGS_MAX), LOCK_MAX_MS);
}

/** True when this claimed count put its key into back-off or shut it: worth telling the owner. */
export function startedBackOff(count: ClaimedCount): boolean {
  const hard = count.key.hardLimit !== null && count.consecutiveFailures >= count.key.hardLimit;
  return hard || count.failures === count.key.failuresFree + 1;
}

export function createLoginThrottle(deps: { db: DbOrTx; clock: Clock }): LoginThrottle {
  const { db, clock } = deps;
  const t = loginThrottles;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

  function hardUntil(k: ThrottleKey, now: Date): Date {
    return k.hardLockMs === null ? HARD_LOCK_UNTIL : new Date(now.getTime() + k.hardLockMs);
  }

  async function claimOne(k: ThrottleKey, now: Date): Promise<ClaimedCount | null> {
    const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
    const nextFailures = sql`(case when ${t.windowStartedAt} <= ${at(windowStart)} then 1 else ${t.failures} + 1 end)`;
    const nextConsecutive = sql`(${t.consecutiveFailures} + 1)`;
    const hardLimit = k.hardLimit ?? Number.MAX_SAFE_INTEGER;
    // The lock this attempt leaves behind, computed in the statement from the counts it sets, so
    // the next attempt (on any instance) already sees it.
    const nextLock = sql`(case
      when ${nextConsecutive} >= ${hardLimit}::bigint then ${at(hardUntil(k, now))}
      when ${nextFailures} <= ${k.failuresFree}::int then null
      else ${at(now)} + least(
        ${LOCK_BASE_MS}::float8 * power(2, least(${nextFailures} - ${k.failuresFree}::int - 1, ${BACKOFF_DOUBLINGS_MAX}::int)),
        ${LOCK_MAX_MS}::float8
      ) * interval '1 millisecond'
    end)`;
    const firstLockMs = lockDurationMs(1, k.failuresFree);
    const rows = await db
      .insert(t)
      .values({
        key: k.key,
        failures: 1,
        consecutiveFailures: 1,
        windowStartedAt: now,
        lockedUntil:
          1 >= hardLimit ? hardUntil(k, now) : firstLockMs > 0 ? new Date(now.getTime() + firstLockMs) : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: nextFailures,
          consecutiveFailures: nextConsecutive,
          windowStartedAt: sql`case when ${t.windowStartedAt} <= ${at(windowStart)} then ${at(now)} else ${t.windowStartedAt} end`,
          lockedUntil: nextLock,
          updatedAt: now,
        },
        // A key that is backed off or shut is not touched: the attempt is refused uncounted, so
        // the owner retrying does not lengthen their own wait.
        setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at(now)}`,
      })
      .returning({ failures: t.failures, consecutiveFailures: t.consecutiveFailures });
    const row = rows[0];
    return row ? { key: k, ...row } : null;
  }

  return {
    async claim(keys) {
      const now = clock.now();
      const counts: ClaimedCount[] = [];
      for (const k of keys) {
        const count = await claimOne(k, now);
        if (!count) return { allowed: false, key: k };
        counts.push(count);
      }
      return { allowed: true, counts };
    },

    async release(k) {
      await db
        .update(t)
        .set({
          failures: sql`greatest(${t.failures} - 1, 0)`,
          consecutiveFailures: sql`greatest(${t.consecutiveFailures} - 1, 0)`,
          // A back-off this very attempt started goes with it; an older one stays.
          lockedUntil: sql`case when greatest(${t.failures} - 1, 0) <= ${k.failuresFree}::int then null else ${t.lockedUntil} end`,
        })
        .where(eq(t.key, k.key));
    },

    async reset(k) {
      await db.delete(t).where(eq(t.key, k.key));
    },

    async resetAccount(accountNumberOrEmail) {
      const own = accountKey(accountNumberOrEmail).key;
      const devices = `${own}:`;
      await db.delete(t).where(or(eq(t.key, own), sql`left(${t.key}, ${devices.length}::int) = ${devices}`));
    },

    async claimNotice(k) {
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_NOTICE_INTERVAL_MS);
      const rows = await db
        .update(t)
        .set({ notifiedAt: now })
        .where(sql`${t.key} = ${k.key} and (${t.notifiedAt} is null or ${t.notifiedAt} <= ${at(since)})`)
        .returning({ key: t.key });
      return rows.length > 0;
    },

    async claimStatusNotice(userId) {
      const now = clock.now();
      const since = new Date(now.getTime() - STATUS_NOTICE_INTERVAL_MS);
      // One statement: two log-ins at once cannot both win the claim.
      const rows = await db
        .insert(t)
        .values({ key: statusNoticeKey(userId), windowStartedAt: now, notifiedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: t.key,
          set: { notifiedAt: now, updatedAt: now },
          setWhere: sql`${t.notifiedAt} is null or ${t.notifiedAt} <= ${at(since)}`,
        })
        .returning({ key: t.key });
      return rows.length > 0;
    },
  };
}
