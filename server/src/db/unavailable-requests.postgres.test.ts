import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/error-handler';
import { JSON_HEADERS, signUpCustomer, type SignedUpCustomer } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';

/** How long the test waits for the request to queue behind the row lock it holds. */
const LOCK_WAIT_POLL_MS = 20;
const LOCK_WAIT_TRIES_MAX = 250;
/** The load while backends are terminated: a handful of clients, a few restarts' worth of kills. */
const CONCURRENT_CLIENTS = 8;
const TERMINATION_ROUNDS = 5;
const TERMINATION_GAP_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request whose database connection is lost mid-transaction (a restart or failover terminates
 * its backend) is answered 503 in the error envelope with Retry-After; the process lives on and
 * the next request succeeds. The backend is terminated while the request waits on a row lock this
 * test holds, so the disconnect lands between the transaction's statements, every time.
 */
describe('requests while the database connection is lost', () => {
  let t: TestApp;
  let customer: SignedUpCustomer;
  let locker: pg.Client;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    t = await buildTestApp();
    customer = await signUpCustomer(t);
    const result = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(inject('postgresTemplate').adminUrl);
    admin = new pg.Client({ connectionString: url.toString() });
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    locker = new pg.Client({ connectionString: url.toString() });
    await Promise.all([admin.connect(), locker.connect()]);
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await Promise.all([admin.end(), locker.end()]);
    await t.close();
  });

  const patchMe = (phone: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { phone },
    });

  /** The backend of our test database that waits on a lock: the request's transaction. */
  async function waitingBackend(database: string): Promise<number> {
    for (let i = 0; i < LOCK_WAIT_TRIES_MAX; i += 1) {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
        [database],
      );
      if (rows[0]) return rows[0].pid;
      await sleep(LOCK_WAIT_POLL_MS);
    }
    throw new Error('the request never waited on the lock');
  }

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, stays up, and the next request succeeds', async () => {
    const database = locker.database ?? '';
    await locker.query('begin');
    await locker.query('select 1 from profiles where user_id = $1 for update', [customer.userId]);
    const pending = patchMe('+1 415 555 0100');
    await admin.query('select pg_terminate_backend($1)', [await waitingBackend(database)]);
    await locker.query('rollback');
    const res = await pending;

    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: errorCatalogue.DATABASE_UNAVAILABLE.message },
    });
    expect(uncaught).toEqual([]);

    const again = await patchMe('+1 415 555 0101');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { phone: string }).phone).toBe('+1 415 555 0101');
  });

  it('a read whose pooled connections were all terminated is retried on a new one', async () => {
    // Every idle pooled connection of the app is killed at once (a restart); the reads succeed.
    const database = locker.database ?? '';
    const { rows } = await locker.query<{ pid: number }>('select pg_backend_pid() as pid');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2`,
      [database, rows[0]?.pid],
    );
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(uncaught).toEqual([]);
  });

  it('under concurrent reads and writes, repeated terminations give only 200s and 503s, never a 500', async () => {
    const database = locker.database ?? '';
    const { rows } = await locker.query<{ pid: number }>('select pg_backend_pid() as pid');
    const spare = rows[0]?.pid;
    const statuses: number[] = [];
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        const res =
          (n + i) % 2 === 0
            ? await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } })
            : await patchMe(`+1 415 555 ${String(1000 + ((n * 37 + i) % 9000)).padStart(4, '0')}`);
        statuses.push(res.statusCode);
      }
    };
    const clients = Array.from({ length: CONCURRENT_CLIENTS }, (_, n) => client(n));
    for (let round = 0; round < TERMINATION_ROUNDS; round += 1) {
      await sleep(TERMINATION_GAP_MS);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2`,
        [database, spare],
      );
    }
    await sleep(TERMINATION_GAP_MS);
    stop = true;
    await Promise.all(clients);

    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
    expect(after.statusCode).toBe(200);
  });
});
