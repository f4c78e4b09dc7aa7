import { sql } from 'drizzle-orm';
import { formatCents, type Insights } from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';

const DAY_MS = 86_400_000;

async function rows<T>(db: ReadDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * The overview's numbers, aggregated in the database. The balance series walks back from the
 * current balance by each day's net movement, which works because every posting on a customer's
 * account has its record (corrections change the record by the same difference). It covers the
 * last `days` days, or fewer for an account opened since.
 */
export async function customerInsights(
  db: ReadDatabase,
  userId: string,
  days: number,
  now: Date,
): Promise<Insights> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

  const [balanceRow] = await rows<{ balance: string; opened: string | null }>(
    db,
    sql`select balance_cents::text as balance,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as opened
        from accounts where user_id = ${userId}`,
  );
  const balance = BigInt(balanceRow?.balance ?? '0');

  const daily = await rows<{ day: string; net: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               sum(case when direction = 'credit' then amount_cents else -amount_cents end)::text as net
        from transaction_records
        where user_id = ${userId} and created_at >= ${since}
        group by 1`,
  );
  const netByDay = new Map(daily.map((d) => [d.day, BigInt(d.net)]));
  // Movements dated after today (an admin may date a record ahead) count as today's.
  const [future] = await rows<{ net: string }>(
    db,
    sql`select coalesce(sum(case when direction = 'credit' then amount_cents else -amount_cents end), 0)::text as net
        from transaction_records where user_id = ${userId} and created_at >= ${new Date(today.getTime() + DAY_MS)}`,
  );
  let endOfDay = balance - BigInt(future?.net ?? '0');
  // The line starts on the day the account was opened, not with days of a balance it never had
  // (issue 28) — or earlier, on the day of a record staff dated before the opening.
  const firstDay = [balanceRow?.opened, ...netByDay.keys()]
    .filter((day): day is string => typeof day === 'string')
    .reduce((earliest, day) => (day < earliest ? day : earliest), today.toISOString().slice(0, 10));
  const series: { date: string; balance: string }[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(today.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    if (date < firstDay) break;
    series.push({ date, balance: formatCents(i === 0 ? balance : endOfDay) });
    endOfDay -= netByDay.get(date) ?? 0n;
  }
  series.reverse();

  const byType = await rows<{ type: string; money_in: string; money_out: string; n: number }>(
    db,
    sql`select type,
               coalesce(sum(amount_cents) filter (where direction = 'credit'), 0)::text as money_in,
               coalesce(sum(amount_cents) filter (where direction = 'debit'), 0)::text as money_out,
               count(*)::int as n
        from transaction_records
        where user_id = ${userId} and created_at >= ${since}
        group by type order by type`,
  );
  const [month] = await rows<{ money_in: string; money_out: string }>(
    db,
    sql`select coalesce(sum(amount_cents) filter (where direction = 'credit'), 0)::text as money_in,
               coalesce(sum(amount_cents) filter (where direction = 'debit'), 0)::text as money_out
        from transaction_records where user_id = ${userId} and created_at >= ${monthStart}`,
  );
  return {
    days,
    balanceSeries: series,
    byType: byType.map((r) => ({
      type: r.type,
      moneyIn: formatCents(BigInt(r.money_in)),
      moneyOut: formatCents(BigInt(r.money_out)),
      count: Number(r.n),
    })),
    monthIn: formatCents(BigInt(month?.money_in ?? '0')),
    monthOut: formatCents(BigInt(month?.money_out ?? '0')),
  };
}
