import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';

/**
 * Fixed-window counters in the database (decision 0194), for limits that must hold across every
 * instance on one PostgreSQL and under a burst of parallel requests: a count in process memory
 * would give each instance its own budget, and a count of records read before the movement would
 * let a burst all read the same count. Windows are aligned to the epoch (a day's is the UTC day).
 */
export interface CounterWindow {
  /** The counter's row, e.g. `money:<user id>:minute`. */
  key: string;
  lengthMs: number;
  /** Takes allowed in one window (at least 1). */
  max: number;
}

export type TakeResult =
  /** `counts`: each window's count with this take, in the order given. */
  | { granted: true; counts: number[] }
  | { granted: false; retryAfterSeconds: number };

function windowStartOf(now: Date, lengthMs: number): Date {
  return new Date(Math.floor(now.getTime() / lengthMs) * lengthMs);
}

/** When the window `now` falls in ends. */
export function windowEndOf(now: Date, lengthMs: number): Date {
  return new Date(windowStartOf(now, lengthMs).getTime() + lengthMs);
}

/**
 * Takes one from every window, or from none. One statement on the way through: an upsert per
 * window that counts only while the window has room, so the counters never pass their maximum,
 * whatever runs at once (ON CONFLICT DO UPDATE locks the row and re-reads it before its WHERE).
 * Rows are locked in the order given, the same for every caller of one set of windows, so two takes
 * never wait on each other in a cycle. When one window refuses, the others are given back and the
 * answer is the wait until the refusing window ends.
 */
export async function takeFromWindows(db: DbOrTx, now: Date, windows: CounterWindow[]): Promise<TakeResult> {
  if (windows.length === 0) return { granted: true, counts: [] };
  const starts = windows.map((w) => windowStartOf(now, w.lengthMs));
  const maxOf: SQL = sql.join(
    [
      sql`case excluded.key`,
      ...windows.map((w) => sql`when ${w.key} then ${w.max}::int`),
      sql`else 0 end`,
    ],
    sql` `,
  );
  // A newer window starts the count again; an older one (another instance's clock a little behind)
  // counts in the newer.
  const newer = sql`excluded.window_start > ${rateLimitCounters.windowStart}`;
  const taken = await db
    .insert(rateLimitCounters)
    .values(windows.map((w, i) => ({ key: w.key, windowStart: starts[i] as Date, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${newer} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`greatest(${rateLimitCounters.windowStart}, excluded.window_start)`,
      },
      setWhere: sql`${newer} or ${rateLimitCounters.count} < ${maxOf}`,
    })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
  const counts = new Map(taken.map((row) => [row.key, row.count]));
  if (counts.size === windows.length) return { granted: true, counts: windows.map((w) => counts.get(w.key) ?? 0) };
  const grantedKeys = new Set(counts.keys());

  // Refused: give back what this take counted in the other windows (a rare path, so one statement
  // each is fine), then say how long until the refusing windows all have room again.
  for (const [i, w] of windows.entries()) {
    if (!grantedKeys.has(w.key)) continue;
    await db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, w.key),
          eq(rateLimitCounters.windowStart, starts[i] as Date),
          gt(rateLimitCounters.count, 0),
        ),
      );
  }
  const waitsMs = windows.flatMap((w, i) =>
    grantedKeys.has(w.key) ? [] : [(starts[i] as Date).getTime() + w.lengthMs - now.getTime()],
  );
  return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)) };
}
