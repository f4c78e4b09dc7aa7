import { errorCatalogue, type ErrorCode } from '@larkspur/contract';

/**
 * An operating error with a catalogue code: expected, reported to the client as the error
 * envelope with the catalogue's status and message. Programmer errors are plain Errors (500).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  /** A throttle's known wait: sent as Retry-After (seconds), and said in the message. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: { field?: string; message?: string; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** For invariants only a bug could break: crash loudly rather than continue with bad state. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
