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

/**
 * A PostgreSQL unique violation (23505), on `constraint` when given: the unique indexes that back
 * a rule up answer with the rule's error, never a 5xx. Drizzle wraps the driver's error in `cause`;
 * PGlite may leave the constraint out, so an unnamed violation counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code !== '23505') return false;
  return constraint === undefined || cause.constraint === undefined || cause.constraint === constraint;
}
