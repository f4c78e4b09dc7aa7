// Scheduled transfers in bench:bank (issue 18): series written straight into the database with
// their occurrences already due (as if made weeks ago), so every instance's scheduler races to pay
// them while instances are killed and paused; afterwards every due occurrence must have run
// exactly once: one run row per occurrence, and one transfer per paid one.
import pg from 'pg';
import type { Customer } from './client';

/** Series the bench writes, each weekly with every occurrence already due. */
export const BENCH_SCHEDULED_SERIES = 12;
/** Occurrences per series, all due when the run starts (the first one OCCURRENCES − 1 weeks ago). */
export const BENCH_SCHEDULED_OCCURRENCES = 6;
/** One more series whose amount no customer can cover: every occurrence fails, and the series goes on. */
const UNPAYABLE_CENTS = 5_000_000n;
const DAY_MS = 86_400_000;
/**
 * The claim lease the bench's instances run with (SCHEDULED_CLAIM_LEASE_SECONDS): a claim left by a
 * killed instance is taken over after it, so the run settles in seconds instead of the default two
 * minutes, which every bank test in CI waited out.
 */
export const BENCH_SCHEDULED_LEASE_SECONDS = 15;
/** Lease + two scheduler intervals + slack: a killed claim is retried within it. */
export const BENCH_SCHEDULED_SETTLE_MS = BENCH_SCHEDULED_LEASE_SECONDS * 1000 + 2 * 30_000 + 20_000;

export interface SeededSeries {
  id: string;
  purpose: string;
  occurrences: number;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Series from the workload's customers (`payers`, in turn) to one customer nobody else pays (`payee`). */
export async function seedScheduled(
  databaseUrl: string,
  payers: Customer[],
  payee: Customer,
): Promise<SeededSeries[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const startOn = day(Date.now() - 7 * (BENCH_SCHEDULED_OCCURRENCES - 1) * DAY_MS);
    const seeded: SeededSeries[] = [];
    for (let s = 0; s <= BENCH_SCHEDULED_SERIES; s += 1) {
      const from = payers[s % payers.length] as Customer;
      const to = payee;
      const purpose = `scheduled-bench-${s}`;
      const amountCents = s === BENCH_SCHEDULED_SERIES ? UNPAYABLE_CENTS : 100n + BigInt(s);
      const { rows } = await pool.query<{ id: string }>(
        // 'Bench Payee' is not the holder's name: accepted, as creating the series through the API
        // would have asked (decision 0155); without it every payment is refused by the name check.
        `insert into scheduled_transfers (user_id, type, recipient_account, recipient_name, bank_name, amount_cents,
           purpose, payee_risk_accepted, frequency, start_on, occurrence_count, next_occurrence, next_run_on, status,
           created_at, updated_at)
         values ($1, 'Local Transfer', $2, 'Bench Payee', 'Larkspur Bank', $3, $4, true, 'weekly', $5, $6, 1, $5, 'active',
           now(), now())
         returning id`,
        [
          from.userId,
          to.accountNumber,
          amountCents.toString(),
          purpose,
          startOn,
          BENCH_SCHEDULED_OCCURRENCES,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('scheduled_transfers insert returned no row');
      seeded.push({ id, purpose, occurrences: BENCH_SCHEDULED_OCCURRENCES });
    }
    return seeded;
  } finally {
    await pool.end();
  }
}

export interface ScheduledCheck {
  violations: { rule: string; detail: string }[];
  due: number;
  paid: number;
  failed: number;
  settledMs: number;
}

/** Waits for every seeded series to finish, then checks each occurrence ran exactly once. */
export async function checkScheduled(databaseUrl: string, seeded: SeededSeries[]): Promise<ScheduledCheck> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const ids = seeded.map((s) => s.id);
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await pool.query<{ n: string }>(
        `select count(*)::text as n from scheduled_transfers where id = any($1::uuid[]) and status = 'active'`,
        [ids],
      );
      if (Number(rows[0]?.n ?? '0') === 0 || Date.now() - started > BENCH_SCHEDULED_SETTLE_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const settledMs = Date.now() - started;
    const violations: ScheduledCheck['violations'] = [];
    const runs = await pool.query<{
      series_id: string;
      occurrence: number;
      status: string;
      transaction_id: string | null;
    }>(
      `select series_id, occurrence, status, transaction_id from scheduled_transfer_runs where series_id = any($1::uuid[])`,
      [ids],
    );
    const debits = await pool.query<{ purpose: string; transaction_id: string }>(
      `select purpose, transaction_id from transaction_records
       where direction = 'debit' and type = 'Local Transfer' and purpose like 'scheduled-bench-%'`,
    );
    let paid = 0;
    let failed = 0;
    for (const series of seeded) {
      const mine = runs.rows.filter((r) => r.series_id === series.id);
      const occurrences = mine.map((r) => r.occurrence).sort((a, b) => a - b);
      const expected = Array.from({ length: series.occurrences }, (_, i) => i + 1);
      if (occurrences.join(',') !== expected.join(','))
        violations.push({
          rule: 'every due scheduled occurrence ran exactly once',
          detail: `${series.purpose}: ran ${occurrences.join(',') || 'none'}, due ${expected.join(',')}`,
        });
      const succeeded = mine.filter((r) => r.status === 'succeeded');
      paid += succeeded.length;
      failed += mine.length - succeeded.length;
      const transfers = debits.rows.filter((d) => d.purpose === series.purpose);
      if (transfers.length !== succeeded.length)
        violations.push({
          rule: 'one transfer per paid scheduled occurrence',
          detail: `${series.purpose}: ${succeeded.length} paid, ${transfers.length} transfers`,
        });
      for (const run of succeeded) {
        if (run.transaction_id !== null && !transfers.some((t) => t.transaction_id === run.transaction_id))
          violations.push({
            rule: 'a paid occurrence names its transfer',
            detail: `${series.purpose} #${run.occurrence}: ${run.transaction_id} not found`,
          });
      }
    }
    // A run where every occurrence is refused proves nothing about paying once: the payable series
    // must pay (each customer starts with far more than their series asks).
    if (paid === 0)
      violations.push({
        rule: 'scheduled payments are made',
        detail: `all ${runs.rows.length} runs were refused: the payable series paid nothing`,
      });
    const due = seeded.reduce((sum, s) => sum + s.occurrences, 0);
    return { violations, due, paid, failed, settledMs };
  } finally {
    await pool.end();
  }
}
