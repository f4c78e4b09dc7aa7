import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_LENGTH_MAX, type ErrorCode } from '@larkspur/contract';
import type { Database, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import type { Clock } from './clock';
import { AppError } from './errors';

/** How long a key is remembered (Stripe's choice too: long enough for any client's retries). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
const KEY_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${IDEMPOTENCY_KEY_LENGTH_MAX}}$`);

/** What an idempotent operation answered: replayed verbatim for a retry with the same key. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** A business rejection inside the transaction: rolls it back, and is remembered for the key. */
export class Rejection extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code);
  }
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}

function hashRequest(body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/**
 * Runs a money movement once per (scope, key). The key row is written in the movement's own
 * transaction: a concurrent request with the same key waits on the unique index until the first
 * commits, then replays its answer. A rejection rolls back to a savepoint and is remembered with
 * the key in the same transaction, so a retry gets the same refusal rather than a different outcome.
 */
export async function runIdempotent(
  deps: { db: Database; clock: Clock },
  input: { scope: string; key: string | null; request: unknown },
  operation: (tx: Tx) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const { db, clock } = deps;
  if (input.key === null) {
    try {
      return await db.transaction(operation);
    } catch (error) {
      if (error instanceof Rejection) throw new AppError(error.code, { field: error.field });
      throw error;
    }
  }
  const key = input.key;
  const requestHash = hashRequest(input.request);

  const replay = (row: { requestHash: string; statusCode: number; response: unknown }): StoredAnswer => {
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { statusCode: row.statusCode, body: row.response };
  };
  const find = async (tx: Database | Tx) => {
    const now = clock.now();
    const rows = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    const row = rows[0];
    return row && row.expiresAt > now ? row : null;
  };

  const existing = await find(db);
  if (existing) return replay(existing);

  const outcome = await db.transaction(async (tx): Promise<StoredAnswer | AppError> => {
    const now = clock.now();
    // An expired key is taken over in place, so an old key can be used again after its TTL; a
    // live one is left alone and nothing comes back. One statement, where a delete and an insert
    // would be two round trips.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        scope: input.scope,
        key,
        requestHash,
        statusCode: 0,
        response: {},
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: {
          requestHash: sql`excluded.request_hash`,
          statusCode: sql`excluded.status_code`,
          response: sql`excluded.response`,
          createdAt: sql`excluded.created_at`,
          expiresAt: sql`excluded.expires_at`,
        },
        setWhere: lt(idempotencyKeys.expiresAt, now),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      // Another request with this key committed while we waited: answer as it did.
      const row = await find(tx);
      if (!row) throw new AppError('CONFLICT');
      return replay(row);
    }
    let answer: StoredAnswer | AppError;
    try {
      // A savepoint: a rejection undoes the movement but keeps the claimed key, so the refusal is
      // stored in the same transaction. Storing it afterwards would leave a gap in which a
      // concurrent duplicate could claim the key and succeed where this one was refused.
      answer = await tx.transaction(operation);
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      answer = new AppError(error.code, { field: error.field });
    }
    const stored: StoredAnswer =
      answer instanceof AppError
        ? {
            statusCode: answer.statusCode,
            body: {
              error: {
                code: answer.code,
                message: answer.message,
                ...(answer.field ? { field: answer.field } : {}),
              },
            },
          }
        : answer;
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: stored.statusCode, response: stored.body as object })
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, key)));
    return answer;
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
