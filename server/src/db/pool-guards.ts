import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/**
 * What the pool does about lost and read-only connections (decision 0095). pg-pool itself only
 * watches idle clients: a client checked out for a transaction has no `'error'` listener, so a
 * server-side disconnect (57P01 on a restart or failover) between two queries would crash the
 * process.
 */

type AnyQuery = (...args: unknown[]) => unknown;
type ReleasableClient = pg.PoolClient & { release?: (error?: Error | boolean) => void };

/**
 * pg-pool gives every checkout a `release` that throws when called twice. A client whose
 * connection was lost is released by its guard as soon as that is known; the holder's release
 * that follows must then do nothing rather than throw.
 */
function releaseOnceQuietly(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  return client;
}

/**
 * Gives a pooled client, for its whole life, an error listener, and ends it as soon as one of its
 * queries fails because the database is unavailable (a lost connection, or 25006 on a node that
 * turned read-only): whatever its holder does next fails fast with an "unavailable" error of its
 * own, and pg-pool drops an ended client on release instead of handing it out again.
 */
export function guardPooledClient(client: pg.PoolClient, onUnavailable: () => void): void {
  client.on('error', () => onUnavailable());
  const query = client.query.bind(client) as AnyQuery;
  const guarded: AnyQuery = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      // A branch of its own: the caller still sees the rejection; this one is handled here.
      result.catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) return;
        onUnavailable();
        void client.end().catch(() => undefined);
        // Its holder may never release it: Drizzle sends BEGIN before its try/finally, so a
        // connection lost at BEGIN would stay checked out for good, and a pool that lost a few
        // connections that way would stop serving (and never close). The client is ended, so the
        // pool drops it; the holder's own release later is a no-op (releaseOnceQuietly).
        (client as ReleasableClient).release?.(error instanceof Error ? error : undefined);
      });
    }
    return result;
  };
  client.query = guarded as typeof client.query;
}

/** Row-locking, sequence and notification calls change something: never run them twice. */
const SIDE_EFFECT_PATTERN =
  /\bfor\s+(?:no\s+key\s+)?(?:update|share|key\s+share)\b|nextval|setval|pg_notify|pg_advisory/i;

/**
 * A statement that is safe to send again after its connection was lost: a plain SELECT on the
 * pool (outside a transaction, so nothing else of the caller's rides on that connection). A write
 * lost in flight has an unknown outcome and is never repeated here.
 */
export function isRetryableRead(args: readonly unknown[]): boolean {
  if (typeof args[args.length - 1] === 'function') return false;
  const first = args[0];
  const text =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string'
        ? (first as { text: string }).text
        : null;
  return text !== null && /^\s*select\b/i.test(text) && !SIDE_EFFECT_PATTERN.test(text);
}

/**
 * A read outside a transaction that fails because its connection was lost is sent once more, on
 * another connection (the broken one has left the pool), so a restart or failover costs a read
 * a short delay rather than an error page. A second failure is the caller's (a 503).
 */
export function retryReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as AnyQuery;
  const retrying: AnyQuery = (...args) => {
    const first = query(...args);
    if (!(first instanceof Promise) || !isRetryableRead(args)) return first;
    return first.catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      return query(...args);
    });
  };
  pool.query = retrying as typeof pool.query;
}

/**
 * pg-pool's own checkout timeout: every connection is busy (overload), not a connection that could
 * not be made. Waiting the whole timeout again would only double the wait for the 503.
 */
const POOL_CHECKOUT_TIMEOUT = 'timeout exceeded when trying to connect';

function shouldRetryConnect(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !(error instanceof Error && error.message === POOL_CHECKOUT_TIMEOUT);
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
type AnyConnect = (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;

/**
 * A connection that cannot be made (the remembered host went down, a node refuses during a
 * failover) is tried once more: nothing ran on it, so trying again is always safe, and the second
 * attempt chooses a host afresh (decision 0096). Covers Drizzle's transactions (`connect()`) and
 * pg-pool's own `query` (which connects with a callback).
 */
export function retryConnectOnce(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as AnyConnect;
  const retrying: AnyConnect = (callback) => {
    if (callback) {
      const quietly: ConnectCallback = (error, client, done) => {
        if (client) releaseOnceQuietly(client);
        callback(error, client, client ? () => client.release() : done);
      };
      connect((error, client, done) => {
        if (error && shouldRetryConnect(error)) {
          connect(quietly);
          return;
        }
        quietly(error, client, done);
      });
      return undefined;
    }
    const first = connect();
    return first
      ?.catch((error: unknown) => {
        if (!shouldRetryConnect(error)) throw error;
        return connect() as Promise<pg.PoolClient>;
      })
      .then(releaseOnceQuietly);
  };
  pool.connect = retrying as typeof pool.connect;
}
