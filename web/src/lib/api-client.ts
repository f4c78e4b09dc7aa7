import type { ErrorEnvelope } from '@larkspur/contract';
import { noteIdleDeadline, noteServerDate, SESSION_IDLE_HEADER } from './idle-deadline';
import { clearErrorToasts } from './toast';

/** An error the API answered with its envelope, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** A throttle's wait, from the Retry-After header (seconds), when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, field?: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach Larkspur Bank. Check your connection and try again.';
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** What to tell the person about a failed request: the server's message, else a generic one. */
export function messageFor(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/**
 * The contract's `errorEnvelopeSchema`, checked by hand: the API client is in the first chunk and
 * this is all it needs (api-client.test.ts holds it to the schema).
 */
export function readErrorEnvelope(payload: unknown): ErrorEnvelope | null {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return null;
  const error: unknown = payload.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, field } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (field !== undefined && typeof field !== 'string') return null;
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * What `api` needs of a response schema. Every zod schema of the contract fits; so do the few
 * zod-free parsers of the first chunk (lib/session.ts), which keep zod out of the code every page
 * downloads (docs/decisions/0011-first-chunk-budget.md).
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** The response schema: every answer is parsed, so the UI never trusts an unexpected shape. */
  schema: ResponseSchema<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The one way the web app talks to the API: same-origin cookies, JSON in and out, the response
 * parsed with the contract's schema, and every failure turned into an ApiError.
 */
export async function api<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (method !== 'GET') {
    // Bodyless state changes carry our header instead of JSON (the server's CSRF rule).
    headers['x-larkspur-request'] = '1';
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }

  // Every authenticated answer says when the session will idle out; the idle warning listens.
  noteServerDate(response.headers.get('date'));
  noteIdleDeadline(response.headers.get(SESSION_IDLE_HEADER));

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const envelope = readErrorEnvelope(payload);
    if (envelope) {
      const { code, message, field } = envelope.error;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(
        response.status,
        code,
        message,
        field,
        Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    throw new ApiError(response.status, 'HTTP_ERROR', response.statusText || 'The request failed.');
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'BAD_RESPONSE', 'The bank sent an answer we did not understand.');
  }
  // An action went through: an error toast about an earlier attempt is no longer true.
  if (method !== 'GET') clearErrorToasts();
  return parsed.data;
}
