import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema, movementResponseSchema, moneyRateLimitedMessage } from '@larkspur/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { takeFromWindows } from '../../lib/rate-counter';
import { parseIdempotencyKey, type StoredAnswer } from '../../lib/idempotency';

/**
 * The preamble every money endpoint shares, written once: who is signed in (the role itself is
 * checked by the area's onRequest guard, before the body is parsed), the Idempotency-Key header,
 * the body as the contract's schema parsed it (Fastify, with the route's body limit), and the
 * stored answer sent with its own status — a replay is answered byte for byte as the first time.
 * A customer's request also takes one from their money-movement budget first (decision 0194).
 */

/** Bounded loosely here; `parseIdempotencyKey` answers a malformed key with its own message. */
export const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/**
 * The OpenAPI extension that marks a money endpoint (issue 29). `moneySchema` sets it, `moneyReply`
 * refuses to run on a route without it, and money-route.test.ts derives the endpoints it drives from
 * the document: every operation that takes an Idempotency-Key must carry it.
 */
export const MONEY_ROUTE_OPENAPI_KEY = 'x-money-route';

/**
 * A money endpoint's schema, marked as one. `headers` is `idempotencyHeader` or an extension of it
 * (the step-up token), so the key is always declared where the preamble reads it.
 */
export function moneySchema<S extends { headers: typeof idempotencyHeader | z.ZodObject }>(schema: S): S {
  return { ...schema, [MONEY_ROUTE_OPENAPI_KEY]: true };
}

/** The error statuses a money endpoint may answer with, each in the one error envelope. */
export const moneyErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** A money endpoint's response schemas: the movement answer on 201, the error envelopes. */
export const moneyResponses = { 201: movementResponseSchema, ...moneyErrors };

interface MoneyRequest {
  auth: { userId: string } | null;
  ip: string;
  headers: { 'idempotency-key'?: string | string[] | undefined };
  routeOptions: { schema?: unknown };
}

/** The signed-in person making the request, as money movements name them. */
export interface MoneyCaller {
  userId: string;
  ip: string;
}

/** One minute and one UTC day: the windows of a customer's money-movement budget. */
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The money movements one customer may start (decision 0194): transfers of every kind, scheduled
 * payments and check deposits share it. Counted in the database (`lib/rate-counter.ts`), so every
 * instance on one PostgreSQL draws on the same budget and a parallel burst cannot overdraw it.
 */
export interface MoneyBudget {
  /** Takes one movement from the customer's budget, or throws MONEY_RATE_LIMITED with the wait. */
  take(userId: string): Promise<void>;
}

export function createMoneyBudget(deps: {
  db: Database;
  clock: Clock;
  limits: { perMinute: number; perDay: number };
}): MoneyBudget {
  const { db, clock, limits } = deps;
  return {
    async take(userId) {
      // The minute's window first: a burst is refused there and never spends the day's budget.
      const result = await takeFromWindows(db, clock.now(), [
        { key: `money:${userId}:minute`, lengthMs: MINUTE_MS, max: limits.perMinute },
        { key: `money:${userId}:day`, lengthMs: DAY_MS, max: limits.perDay },
      ]);
      if (result.granted) return;
      throw new AppError('MONEY_RATE_LIMITED', {
        retryAfterSeconds: result.retryAfterSeconds,
        message: moneyRateLimitedMessage(result.retryAfterSeconds),
      });
    },
  };
}

/**
 * A money endpoint's handler body: the caller and the idempotency key are resolved here, the
 * customer's budget is drawn on, `run` moves the money, and its stored answer goes out with its
 * status. `budget` is null only for the back office's money, which maker-checker bounds (decision
 * 0170) and which a customer cannot start. A retry with the same key counts too: a 429 is not
 * stored with the key, so the retry after the wait gets the first answer.
 */
export async function moneyReply(
  request: MoneyRequest,
  reply: FastifyReply,
  run: (caller: MoneyCaller, key: string | null) => Promise<StoredAnswer>,
  budget: MoneyBudget | null,
): Promise<FastifyReply> {
  // A programmer's error, not the client's: a money route the document does not mark as one.
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (schema?.[MONEY_ROUTE_OPENAPI_KEY] !== true) throw new Error('A money route must declare moneySchema.');
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  const key = parseIdempotencyKey(request.headers['idempotency-key']);
  await budget?.take(request.auth.userId);
  const result = await run({ userId: request.auth.userId, ip: request.ip }, key);
  return reply.status(result.statusCode).send(result.body as never);
}
