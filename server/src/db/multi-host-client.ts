import pg from 'pg';
import type { DatabaseHost, ParsedDatabaseUrl, TargetSessionAttrs } from './database-url';
import { DatabaseUnavailableError } from './unavailable';

/**
 * Host selection for a multi-host `DATABASE_URL` (decision 0096), as libpq does it: try the hosts
 * in order and keep the first whose session matches `target_session_attrs`. node-postgres has no
 * such thing, so a small `pg.Client` subclass, handed to `pg.Pool` (and used for LISTEN), picks the
 * host before it connects. Drizzle on top is unchanged.
 */

/**
 * How long one host may take to accept a probe connection and answer it. A host that is down
 * refuses at once; one that is unreachable (lost node, partition) must not eat the whole
 * connection timeout before the next host is tried.
 */
export const HOST_PROBE_TIMEOUT_MS = 3_000;

/** Whether a session can write: what libpq asks a server when `target_session_attrs` is set. */
const SESSION_STATE_SQL = `select pg_is_in_recovery() as in_recovery,
  current_setting('transaction_read_only') = 'on' as read_only`;

interface SessionState {
  inRecovery: boolean;
  readOnly: boolean;
}

async function readSessionState(client: pg.Client): Promise<SessionState> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(SESSION_STATE_SQL);
  const row = rows[0];
  return { inRecovery: row?.in_recovery === true, readOnly: row?.read_only === true };
}

/**
 * Does a session match? `read-write` is the one that matters for the bank: during a failover the
 * draining primary and the node being promoted are not in recovery yet read-only (writes fail
 * with 25006), so being out of recovery is not enough.
 */
export function sessionMatches(attrs: TargetSessionAttrs, state: SessionState): boolean {
  switch (attrs) {
    case 'any':
      return true;
    case 'read-write':
      return !state.inRecovery && !state.readOnly;
    case 'read-only':
      return state.inRecovery || state.readOnly;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
    case 'prefer-standby':
      return state.inRecovery;
  }
}

const describeHost = (host: DatabaseHost) => `${host.host}:${host.port}`;

/**
 * Remembers the host that matched last, so a new pooled connection costs one connection and one
 * check, as with libpq; after any sign of trouble (`forget`) the next connection probes every host
 * again, in order. Concurrent connections share one probe round.
 */
class HostSelector {
  #current: DatabaseHost | null = null;
  #choosing: Promise<DatabaseHost> | null = null;

  constructor(private readonly url: ParsedDatabaseUrl) {}

  choose(config: pg.ClientConfig): Promise<DatabaseHost> {
    if (this.#current) return Promise.resolve(this.#current);
    const [only] = this.url.hosts;
    // One host: nothing to choose; the connection itself is checked.
    if (only && this.url.hosts.length === 1) return Promise.resolve(only);
    this.#choosing ??= this.#probeAll(config).finally(() => {
      this.#choosing = null;
    });
    return this.#choosing;
  }

  forget(): void {
    this.#current = null;
  }

  async #probeAll(config: pg.ClientConfig): Promise<DatabaseHost> {
    const attrs = this.url.targetSessionAttrs;
    let fallback: DatabaseHost | null = null;
    let lastError: unknown = null;
    for (const host of this.url.hosts) {
      try {
        const state = await probe(host, config);
        fallback ??= host;
        if (sessionMatches(attrs, state)) {
          this.#current = host;
          return host;
        }
      } catch (error) {
        lastError = error;
      }
    }
    // libpq's prefer-standby: any reachable server when no standby is.
    if (attrs === 'prefer-standby' && fallback) return fallback;
    const tried = this.url.hosts.map(describeHost).join(', ');
    throw new DatabaseUnavailableError(`No database host accepted a ${attrs} session (tried ${tried})`, {
      cause: lastError ?? undefined,
    });
  }
}

/** A throwaway connection that asks one host what it is. */
async function probe(host: DatabaseHost, config: pg.ClientConfig): Promise<SessionState> {
  const client = new pg.Client({
    ...config,
    connectionString: host.connectionString,
    connectionTimeoutMillis: HOST_PROBE_TIMEOUT_MS,
    query_timeout: HOST_PROBE_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await readSessionState(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ClientFactory {
  /** The class `pg.Pool` (option `Client`) and the LISTEN connection create connections with. */
  Client: typeof pg.Client;
  /** Called on any sign that the chosen host is gone or read-only: the next connection re-probes. */
  forgetHost(): void;
}

type ConnectCallback = (error: Error | null, client?: pg.Client) => void;

/**
 * The connection class for a database URL. A plain single-host URL gets node-postgres's own
 * `Client`, untouched; a multi-host URL or one with `target_session_attrs` gets a subclass that
 * connects to the host the selector picks and checks the session before handing it out.
 */
export function createClientFactory(url: ParsedDatabaseUrl): ClientFactory {
  if (url.plain) return { Client: pg.Client, forgetHost: () => undefined };
  const firstUrl = url.hosts[0]?.connectionString;
  if (firstUrl === undefined) throw new DatabaseUnavailableError('DATABASE_URL names no host');
  const selector = new HostSelector(url);
  const attrs = url.targetSessionAttrs;

  class MultiHostClient extends pg.Client {
    readonly #config: pg.ClientConfig;

    constructor(config: string | pg.ClientConfig = {}) {
      // pg.Pool hands over its options, whose connectionString is the multi-host URL that
      // node-postgres cannot parse: start from the first host; `connect` moves to the chosen one.
      const base = typeof config === 'string' ? {} : config;
      super({ ...base, connectionString: firstUrl });
      this.#config = base;
      // A lost connection means the host may be gone: choose again for the next connection.
      this.on('error', () => selector.forget());
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const connected = this.#connectToChosenHost();
      if (!callback) return connected;
      const done = callback as ConnectCallback;
      connected.then(
        (client) => done(null, client),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
      return undefined;
    }

    async #connectToChosenHost(): Promise<pg.Client> {
      const host = await selector.choose(this.#config);
      // pg-pool's connection timeout may have fired while the hosts were probed.
      if (this.connection.stream.destroyed) {
        throw new DatabaseUnavailableError('Connection terminated due to connection timeout');
      }
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        // The remembered host is gone: the next connection (pg-pool retries once) probes again.
        selector.forget();
        throw error;
      }
      if (attrs === 'any' || attrs === 'prefer-standby') return this;
      // The probe may be stale (a failover since): check the very session that will do the work.
      let state: SessionState;
      try {
        state = await readSessionState(this);
      } catch (error) {
        selector.forget();
        await this.end().catch(() => undefined);
        throw error;
      }
      if (!sessionMatches(attrs, state)) {
        selector.forget();
        await this.end().catch(() => undefined);
        throw new DatabaseUnavailableError(`Database host ${describeHost(host)} is no longer ${attrs}`);
      }
      return this;
    }
  }

  return { Client: MultiHostClient, forgetHost: () => selector.forget() };
}
