import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginThrottles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';

/**
 * Failed sign-ins are counted per key — the account (account number or admin email) and the
 * client IP — in the database, so every instance sees one count. After a few free failures each
 * further one locks the key for twice as long as the last, up to an hour: at most ~12 failures an
 * hour get through to the password check, far below ASVS 2.2.1's ceiling of 100.
 */
export const ACCOUNT_FAILURES_FREE = 5;
/** An IP may be a whole office behind NAT: it gets more room before it is slowed down. */
export const IP_FAILURES_FREE = 30;
export const LOCK_BASE_MS = 30_000;
export const LOCK_MAX_MS = 3_600_000;
/** Counters start again this long after a key's first failure. */
export const FAILURE_WINDOW_MS = 3_600_000;

export type ThrottleKey = { key: string; failuresFree: number };

export const accountKey = (accountNumberOrEmail: string): ThrottleKey => ({
  key: `acct:${accountNumberOrEmail.trim().toLowerCase()}`,
  failuresFree: ACCOUNT_FAILURES_FREE,
});
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, failuresFree: IP_FAILURES_FREE });

export interface LoginThrottle {
  /** True while any of the keys is locked. */
  isLocked(keys: ThrottleKey[]): Promise<boolean>;
  /** Counts a failure against each key; returns true if this failure locked one of them. */
  recordFailure(keys: ThrottleKey[]): Promise<boolean>;
  /** Forgets the failures of a key (after a successful sign-in to that account). */
  reset(key: ThrottleKey): Promise<void>;
}

export function lockDurationMs(failures: number, failuresFree: number): number {
  const over = failures - failuresFree;
  if (over <= 0) return 0;
  return Math.min(LOCK_BASE_MS * 2 ** Math.min(over - 1, 20), LOCK_MAX_MS);
}

export function createLoginThrottle(deps: { db: Database; clock: Clock }): LoginThrottle {
  const { db, clock } = deps;
  return {
    async isLocked(keys) {
      const now = clock.now();
      const rows = await db
        .select({ lockedUntil: loginThrottles.lockedUntil })
        .from(loginThrottles)
        .where(
          inArray(
            loginThrottles.key,
            keys.map((k) => k.key),
          ),
        );
      return rows.some((r) => r.lockedUntil !== null && r.lockedUntil > now);
    },

    async recordFailure(keys) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
      let locked = false;
      for (const { key, failuresFree } of keys) {
        // One statement per key, so concurrent failures never lose a count.
        const rows = await db
          .insert(loginThrottles)
          .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: loginThrottles.key,
            set: {
              failures: sql`case when ${loginThrottles.windowStartedAt} <= ${windowStart} then 1 else ${loginThrottles.failures} + 1 end`,
              windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} <= ${windowStart} then ${now} else ${loginThrottles.windowStartedAt} end`,
              updatedAt: now,
            },
          })
          .returning({ failures: loginThrottles.failures });
        const failures = rows[0]?.failures ?? 1;
        const lockMs = lockDurationMs(failures, failuresFree);
        if (lockMs > 0) {
          locked = true;
          await db
            .update(loginThrottles)
            .set({ lockedUntil: new Date(now.getTime() + lockMs) })
            .where(sql`${loginThrottles.key} = ${key}`);
        }
      }
      return locked;
    },

    async reset({ key }) {
      await db.delete(loginThrottles).where(sql`${loginThrottles.key} = ${key}`);
    },
  };
}
