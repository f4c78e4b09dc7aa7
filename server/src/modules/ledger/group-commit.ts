import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { callMovement, movementParamsJson, type MovementOutcome } from './sql-movement';

/** Most transfers one batch carries (decision 0173): the prototype's gain had levelled off by 32. */
export const GROUP_COMMIT_BATCH_MAX = 32;
/**
 * Batches one instance has with the database at once. One lane leaves PostgreSQL one backend, so
 * one core, for all of an instance's transfers; two let it use both cores of a small server while
 * requests still queue into batches under load.
 */
export const GROUP_COMMIT_LANES = 2;

/** How a use case reaches its movement function: one call each, or queued into batches. */
export interface MovementRunner {
  transfer(params: object): Promise<MovementOutcome>;
}

/** One call per movement: PGlite (one connection, nothing to share a commit with) and GROUP_COMMIT=off. */
export function directRunner(db: Database): MovementRunner {
  return { transfer: (params) => callMovement(db, 'lb_transfer', params) };
}

interface Queued {
  json: string;
  resolve(outcome: MovementOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit (decision 0173): while this instance's batches are with the database (at most
 * `lanes` at once), the transfers that arrive wait, then go together as one call of
 * `lb_transfer_batch` — one statement, one commit. A transfer that finds a lane free goes at once,
 * alone, so a quiet bank adds no wait. A batch call the database refused (nothing of it committed:
 * every refusal is an answer, so an error is a fault) is run again item by item, each with its own
 * answer. A connection lost mid-call has an unknown outcome (decision 0106): every item of it gets
 * that error, a 503 the client retries with its key, and nothing is sent twice from here.
 */
export function groupCommitRunner(
  db: Database,
  options: { batchMax?: number; lanes?: number } = {},
): MovementRunner {
  const batchMax = options.batchMax ?? GROUP_COMMIT_BATCH_MAX;
  const lanes = options.lanes ?? GROUP_COMMIT_LANES;
  const queue: Queued[] = [];
  let inFlight = 0;

  const alone = (item: Queued): Promise<void> =>
    callMovement(db, 'lb_transfer', item.json).then(item.resolve, item.reject);

  async function runBatch(batch: Queued[]): Promise<void> {
    if (batch.length === 1) return alone(batch[0] as Queued);
    let answers: MovementOutcome[];
    try {
      const items = `[${batch.map((item) => item.json).join(',')}]`;
      const result = (await db.execute(
        sql`select lb_transfer_batch(jsonb_build_object('items', ${items}::jsonb)) as answers`,
      )) as unknown as { rows: { answers: typeof answers | string }[] };
      const raw = result.rows[0]?.answers;
      answers = typeof raw === 'string' ? (JSON.parse(raw) as typeof answers) : (raw ?? []);
      if (answers.length !== batch.length) throw new Error('lb_transfer_batch answered short');
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      // The database refused the whole call and rolled it back: each item by itself.
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((item, i) => item.resolve(answers[i] as MovementOutcome));
  }

  async function drain(): Promise<void> {
    inFlight += 1;
    try {
      while (queue.length > 0) await runBatch(queue.splice(0, batchMax));
    } finally {
      inFlight -= 1;
    }
  }

  return {
    transfer(params) {
      return new Promise<MovementOutcome>((resolve, reject) => {
        queue.push({ json: movementParamsJson(params), resolve, reject });
        if (inFlight < lanes) void drain();
      });
    },
  };
}
