import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { ManualClock } from '../lib/clock';
import { startPgProxy, type PgProxy } from './pg-proxy';
import { createTestDatabase, testConfig, type TestApp } from './test-app';

/**
 * The app on a fresh PostgreSQL test database, talking to it through a `PgProxy` that can cut a
 * connection at COMMIT (decision 0106); `direct` is a second handle, beside the app's, that sees
 * what really committed.
 */
export interface AppBehindProxy {
  t: TestApp;
  proxy: PgProxy;
  direct: DatabaseHandle;
  close(): Promise<void>;
}

export async function startAppBehindProxy(): Promise<AppBehindProxy> {
  const testDb = await createTestDatabase();
  const direct = testDb.database;
  const rows = (await direct.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${rows.rows[0]?.name ?? ''}`;
  const proxy = await startPgProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  const clock = new ManualClock();
  const config = testConfig();
  const app = await buildApp({ config, database: handle, clock, logger: false, startBackgroundJobs: false });
  await app.ready();
  const t: TestApp = { app, database: handle, clock, config, close: async () => undefined };
  return {
    t,
    proxy,
    direct,
    close: async () => {
      await app.close();
      await handle.close();
      await proxy.close();
      await testDb.drop();
    },
  };
}
