import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, rateLimitedMessage, type ErrorCode, type ErrorEnvelope } from '@larkspur/contract';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

/**
 * Seconds a client is told to wait when the database is unavailable: a planned failover takes
 * about 2 s, a restart about 5 s (decision 0095).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function envelope(code: ErrorCode, message?: string, field?: string): ErrorEnvelope {
  return { error: { code, message: message ?? errorCatalogue[code].message, ...(field ? { field } : {}) } };
}

// Fastify's own client errors, mapped to our catalogue so every rejection has the same shape.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'RATE_LIMITED',
};

function statusToCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_FAILED';
}

/** "body.email: Invalid email address" — readable, names the field, never echoes the input. */
function describeValidation(error: FastifyError): { message: string; field?: string } {
  if (!hasZodFastifySchemaValidationErrors(error))
    return { message: errorCatalogue.VALIDATION_FAILED.message };
  const first = error.validation[0];
  const where = error.validationContext ?? 'request';
  const pathParts = (first?.instancePath ?? '').split('/').filter(Boolean);
  const field = pathParts.join('.');
  const detail = first?.message ?? 'is not valid';
  return {
    message: field ? `Invalid ${where} field "${field}": ${detail}` : `Invalid ${where}: ${detail}`,
    ...(field && where === 'body' ? { field } : {}),
  };
}

/**
 * What of an unexpected error goes to the log. A database error quotes its query's parameters —
 * which may be a mail body, a name or an amount — so only its message, SQL state, constraint and
 * stack are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = (error as { cause?: { code?: unknown; constraint?: unknown; message?: unknown } }).cause;
  const isQueryError = error.name === 'DrizzleQueryError' || /^Failed query:/.test(error.message);
  return {
    type: error.name,
    message: isQueryError ? 'database query failed' : error.message,
    ...(cause && typeof cause === 'object'
      ? {
          sqlState: cause.code,
          constraint: cause.constraint,
          cause: typeof cause.message === 'string' ? cause.message : undefined,
        }
      : {}),
    stack: isQueryError ? undefined : error.stack,
  };
}

/**
 * One error handler for the whole app. Client errors are answered with their catalogue code;
 * every 5xx is logged in full and answered with a generic message, so no internals leave the server.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) {
        const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
        reply.header('retry-after', String(seconds));
        if (error.code === 'RATE_LIMITED') {
          return reply
            .status(error.statusCode)
            .send(envelope(error.code, rateLimitedMessage(seconds), error.field));
        }
      }
      return reply.status(error.statusCode).send(envelope(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, field } = describeValidation(error);
      return reply.status(400).send(envelope('VALIDATION_FAILED', message, field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(envelope('INTERNAL'));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (mapped === 'RATE_LIMITED' || (!mapped && status === 429)) {
      // @fastify/rate-limit has set Retry-After (seconds) on the reply: say the same wait in words.
      const header = Number(reply.getHeader('retry-after'));
      const seconds = Number.isFinite(header) && header > 0 ? header : null;
      return reply
        .status(errorCatalogue.RATE_LIMITED.status)
        .send(envelope('RATE_LIMITED', rateLimitedMessage(seconds)));
    }
    if (mapped) {
      return reply.status(errorCatalogue[mapped].status).send(envelope(mapped));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(envelope(statusToCode(status)));
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover, not a bug: the connection is already gone; the client retries.
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(envelope('DATABASE_UNAVAILABLE'));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(envelope('INTERNAL'));
  });
}
