import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema, movementResponseSchema } from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import { parseIdempotencyKey, type StoredAnswer } from './idempotency';

/**
 * The preamble every money endpoint shares, written once: who is signed in (the role itself is
 * checked by the area's onRequest guard, before the body is parsed), the Idempotency-Key header,
 * the body as the contract's schema parsed it (Fastify, with the route's body limit), and the
 * stored answer sent with its own status — a replay is answered byte for byte as the first time.
 */

/** Bounded loosely here; `parseIdempotencyKey` answers a malformed key with its own message. */
export const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** The error statuses a money endpoint may answer with, each in the one error envelope. */
export const moneyErrors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** A money endpoint's response schemas: the movement answer on 201, the error envelopes. */
export const moneyResponses = { 201: movementResponseSchema, ...moneyErrors };

interface MoneyRequest {
  auth: { userId: string } | null;
  ip: string;
  headers: { 'idempotency-key'?: string | string[] | undefined };
}

/** The signed-in person making the request, as money movements name them. */
export interface MoneyCaller {
  userId: string;
  ip: string;
}

/**
 * A money endpoint's handler body: the caller and the idempotency key are resolved here, `run`
 * moves the money, and its stored answer goes out with its status.
 */
export async function moneyReply(
  request: MoneyRequest,
  reply: FastifyReply,
  run: (caller: MoneyCaller, key: string | null) => Promise<StoredAnswer>,
): Promise<FastifyReply> {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  const key = parseIdempotencyKey(request.headers['idempotency-key']);
  const result = await run({ userId: request.auth.userId, ip: request.ip }, key);
  return reply.status(result.statusCode).send(result.body as never);
}
