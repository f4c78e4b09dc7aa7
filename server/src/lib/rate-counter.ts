import { and, eq, gt, sql } from 'drizzle-orm';
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
  { granted: true; counts: number[] } | { granted: false; retryAfterSeconds: number };

function windowStartOf(now: Date, lengthMs: number): Date {
  return new Date(Math.floor(now.getTime() / lengthMs) * lengthMs);
}

/** When the window `now` falls in ends. */
export function windowEndOf(now: Date, lengthMs: number): Date {
  return new Date(windowStartOf(now, lengthMs).getTime() + lengthMs);
}

/**
 * Takes one from every window, or from none, in one statement on the way through: a chain of
 * upserts, each counting only while its window has room (ON CONFLICT DO UPDATE locks the row and
 * re-reads it before its WHERE, so a counter never passes its maximum whatever runs at once), and
 * each run only when the one before it counted — a burst refused by the minute's window never
 * touches the day's. Rows are locked in the order given, the same for every caller of one set of
 * windows, so two takes never wait on each other in a cycle. When a later window refuses, the
 * earlier ones are given back, and the answer is the wait until the refusing window ends.
 */
export async function takeFromWindows(db: DbOrTx, now: Date, windows: CounterWindow[]): Promise<TakeResult> {
  if (windows.length === 0) return { granted: true, counts: [] };
  const starts = windows.map((w) => windowStartOf(now, w.lengthMs));
  const steps = windows.map((w, i) => {
    const start = (starts[i] as Date).toISOString();
    const source =
      i === 0
        ? sql`values (${w.key}, ${start}::timestamptz, 1)`
        : sql`select ${w.key}, ${start}::timestamptz, 1 where exists (select 1 from ${sql.raw(`w${i - 1}`)})`;
    // A newer window starts the count again; an older one (another instance's clock a little
    // behind) counts in the newer.
    return sql`${sql.raw(`w${i}`)} as (
      insert into rate_limit_counters as c (key, window_start, count) ${source}
      on conflict (key) do update set
        count = case when excluded.window_start > c.window_start then 1 else c.count + 1 end,
        window_start = greatest(c.window_start, excluded.window_start)
      where excluded.window_start > c.window_start or c.count < ${w.max}::int
      returning key, count
    )`;
  });
  const union = sql.join(
    windows.map((_, i) => sql`select key, count from ${sql.raw(`w${i}`)}`),
    sql` union all `,
  );
  const result = (await db.execute(sql`with ${sql.join(steps, sql`, `)} ${union}`)) as unknown as
    { rows?: { key: string; count: number }[] } | { key: string; count: number }[];
  const taken = Array.isArray(result) ? result : (result.rows ?? []);
  const counts = new Map(taken.map((row) => [row.key, Number(row.count)]));
  if (counts.size === windows.length)
    return { granted: true, counts: windows.map((w) => counts.get(w.key) ?? 0) };
  const grantedKeys = new Set(counts.keys());

  // Refused: give back what this take counted in the windows before the refusing one (a rare path:
  // only when a later window is full), then say how long until the refusing window ends.
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
  // The first window that refused (the ones after it were not reached) decides the wait.
  const refusing = windows.findIndex((w) => !grantedKeys.has(w.key));
  const window = windows[refusing] as CounterWindow;
  const waitMs = (starts[refusing] as Date).getTime() + window.lengthMs - now.getTime();
  return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
