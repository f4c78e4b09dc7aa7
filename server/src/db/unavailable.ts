/**
 * What counts as "the database is unavailable" (decision 0095): the connection, or the node it
 * reached, cannot do the work right now, but another connection — possibly to another node after
 * a failover — soon can. Such an error destroys its connection and answers 503 with Retry-After,
 * never a 500 and never a crash. Everything else (constraint violations, syntax, serialization
 * failures) is a real answer from a healthy database and is not classified here.
 */

/**
 * SQLSTATEs of an unavailable database:
 * - 25006 read_only_sql_transaction: a node draining or being promoted runs read-only although it
 *   is not in recovery;
 * - 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting
 *   down, in recovery);
 * - class 08 connection exceptions (08000, 08001, 08003, 08004, 08006).
 */
export const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '25006',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Socket errors of a connection that could not be made or was lost. */
const UNAVAILABLE_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * node-postgres reports a lost connection by message only: "Connection terminated (unexpectedly)",
 * a query on a dead client ("… is not queryable", e.g. the ROLLBACK after a lost connection), a
 * connect that timed out, and pg-pool's checkout timeout when no connection can be made.
 */
const UNAVAILABLE_MESSAGES: readonly RegExp[] = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout expired$/,
  /^timeout exceeded when trying to connect$/,
];

/** How deep a chain of `cause`s is followed (Drizzle wraps pg's error once; a loop must end). */
const CAUSE_DEPTH_MAX = 5;

/** Thrown by our own connection code when no host can take the work (decision 0095). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

function isUnavailableItself(error: object): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when the error, or one it wraps (`cause`, an AggregateError's `errors` — what Node raises
 * when every address of a host name refused), says the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > CAUSE_DEPTH_MAX) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * One line on why the database is unavailable, for start-up: our own explanation when there is
 * one, else the innermost error's message (never a query or its parameters).
 */
export function describeUnavailable(error: unknown): string {
  let current: unknown = error;
  let innermost = 'the database is unavailable';
  for (
    let depth = 0;
    depth <= CAUSE_DEPTH_MAX && typeof current === 'object' && current !== null;
    depth += 1
  ) {
    if (current instanceof DatabaseUnavailableError) return current.message;
    const { message, cause, errors } = current as { message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof message === 'string' && message !== '' && !message.startsWith('Failed query'))
      innermost = message;
    current = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return `the database is unavailable (${innermost})`;
}

/**
 * Runs a write whose second run changes nothing the first did not (decision 0106): setting a
 * session's last-seen time, deleting an expired session. If its connection is lost — the outcome
 * unknown — it is sent once more on another connection rather than failing the whole request.
 * Never for inserts, counters or anything in a transaction: those end in a 503 the client retries.
 */
export async function retryIdempotentWriteOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return write();
  }
}
