import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorCatalogue, type ErrorCode } from '@larkspur/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { IDEMPOTENCY_KEY_TTL_MS, type StoredAnswer } from '../../lib/idempotency';

/**
 * The Node half of a movement that runs as one SQL function call (decision 0173): the parameters
 * go as one jsonb document, the outcome comes back as one. The function decides and writes; this
 * turns its outcome into the answer the route sends, exactly as `runIdempotent` answered.
 */

/** What a movement function answers (see the migration 0014 header). */
export type MovementOutcome =
  | { outcome: 'done'; status: number; body: unknown; touched: string[] }
  | { outcome: 'replay'; status: number; body: unknown }
  | { outcome: 'refused'; code: ErrorCode; field?: string }
  | { outcome: 'error'; code: ErrorCode; field?: string }
  | { outcome: 'nameCheck'; holderName: string };

/** The idempotency part of a movement function's parameters; `key` null: no key was sent. */
export interface KeyParams {
  scope: string;
  key: string | null;
  requestHash: string | null;
  keyTtlSeconds: number;
}

export function keyParams(input: { scope: string; key: string | null; request: unknown }): KeyParams {
  return {
    scope: input.scope,
    key: input.key,
    // The same hash `runIdempotent` keeps, so a key's replay is decided the same way on either path.
    requestHash:
      input.key === null
        ? null
        : crypto
            .createHash('sha256')
            .update(JSON.stringify(input.request ?? null))
            .digest('hex'),
    keyTtlSeconds: IDEMPOTENCY_KEY_TTL_MS / 1000,
  };
}

/** The catalogue entries (status and message) of the codes a movement may store with its key. */
export function catalogueOf(
  codes: readonly ErrorCode[],
): Record<string, { status: number; message: string }> {
  return Object.fromEntries(codes.map((code) => [code, errorCatalogue[code]]));
}

/** Bigints go as strings: jsonb has no 64-bit integer, and `::bigint` in the function reads them back. */
export function movementParamsJson(params: object): string {
  return JSON.stringify(params, (_, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

/** What `lb_transfer` raises when a request with the same key committed first (nothing of it stays). */
const KEY_RACE_SQLSTATE = '40001';
/** How deep a chain of `cause`s is followed (drizzle wraps the driver's error once). */
const CAUSE_DEPTH_MAX = 5;

/** The SQLSTATE of a database error, through the wrappers around it. */
function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < CAUSE_DEPTH_MAX && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return null;
}

/** How often a call is made again after losing its idempotency key to a concurrent twin (then it replays). */
const KEY_RACE_RETRIES = 1;

/**
 * Calls `fn(params)` (an object, or one already serialised); a call that lost its key to a request
 * with the same key is made once more, and then replays that request's answer.
 */
export async function callMovement(
  db: DbOrTx,
  fn: 'lb_transfer' | 'lb_move_with_system',
  params: object | string,
): Promise<MovementOutcome> {
  const text = typeof params === 'string' ? params : movementParamsJson(params);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = (await db.execute(sql`select ${sql.raw(fn)}(${text}::jsonb) as outcome`)) as unknown as {
        rows: { outcome: MovementOutcome | string }[];
      };
      const outcome = result.rows[0]?.outcome;
      if (outcome === undefined) throw new Error(`${fn} answered nothing`);
      return typeof outcome === 'string' ? (JSON.parse(outcome) as MovementOutcome) : outcome;
    } catch (error) {
      if (sqlStateOf(error) !== KEY_RACE_SQLSTATE || attempt >= KEY_RACE_RETRIES) throw error;
    }
  }
}

/**
 * The answer of a finished outcome: a replay as stored, a first refusal or an error thrown as the
 * AppError that `runIdempotent` would have thrown. `done` is the caller's (it has more to do).
 */
export function answerOf(outcome: Exclude<MovementOutcome, { outcome: 'done' | 'nameCheck' }>): StoredAnswer {
  if (outcome.outcome === 'replay') return { statusCode: outcome.status, body: outcome.body };
  throw new AppError(outcome.code, outcome.field ? { field: outcome.field } : {});
}
