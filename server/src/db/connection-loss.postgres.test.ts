import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { DbOrTx } from './client';
import { isDatabaseUnavailable } from './unavailable';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

/** How long the test waits for the terminated backend's error to reach the client. */
const ERROR_ARRIVAL_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server-side disconnect (57P01, what a PostgreSQL restart or failover sends) must never take
 * the process down, whichever state the connection is in: this terminates our own test database's
 * backends from a second connection, never the shared server.
 */
describe('losing a PostgreSQL connection', () => {
  let testDb: TestDatabase;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    admin = new pg.Client({ connectionString: inject('postgresTemplate').adminUrl });
    await admin.connect();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin.end();
    await testDb.drop();
  });

  /** The server process behind a connection (node-postgres returns `{ rows }`). */
  const backendPid = async (db: DbOrTx): Promise<number> => {
    const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    return Number(result.rows[0]?.pid);
  };

  const terminate = async (pid: number) => {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  };

  it('a transaction whose backend is terminated between two queries fails; the process lives on', async () => {
    const { db } = testDb.database;
    const attempt = db.transaction(async (tx) => {
      await terminate(await backendPid(tx));
      // The checked-out client is idle between two queries when the 57P01 arrives.
      await sleep(ERROR_ARRIVAL_MS);
      await tx.execute(sql`select 1`);
    });
    const failure: unknown = await attempt.then(
      () => null,
      (error: unknown) => error,
    );
    // The request holding it would be answered 503 (decision 0095), not 500.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(uncaught).toEqual([]);
    // The broken connection went away; the next work gets a healthy one.
    await expect(db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });
});
