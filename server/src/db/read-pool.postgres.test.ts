import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ManualClock } from '../lib/clock';
import { insertCustomers } from '../test/admin-fixtures';
import { credit, transfer } from '../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../test/identity';
import { startPgProxy, type PgProxy } from '../test/pg-proxy';
import { createTestDatabase, testConfig, type TestApp, type TestDatabase } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * DATABASE_READ_URL (decision 0107). The "standby" here is a second database with the same schema
 * and different rows, so every answer shows which pool served it: the staleness-tolerant lists
 * must come from it, and money, sessions and idempotency replays must not.
 */
let primary: TestDatabase;
let standby: TestDatabase;
let standbyProxy: PgProxy;
let handle: DatabaseHandle;
let t: TestApp;
let adminCookie: string;
let customer: SignedUpCustomer;
let payee: SignedUpCustomer;

async function urlOf(database: DatabaseHandle): Promise<URL> {
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${result.rows[0]?.name ?? ''}`;
  return url;
}

beforeAll(async () => {
  primary = await createTestDatabase();
  standby = await createTestDatabase();
  const standbyUrl = await urlOf(standby.database);
  // The standby is reached through a proxy, so the test can lose it.
  standbyProxy = await startPgProxy({ host: standbyUrl.hostname, port: Number(standbyUrl.port || 5432) });
  standbyUrl.host = `127.0.0.1:${standbyProxy.port}`;
  handle = await openDatabase({
    kind: 'postgres',
    url: (await urlOf(primary.database)).toString(),
    poolMax: 5,
    readUrl: standbyUrl.toString(),
  });
  const clock = new ManualClock();
  const config = testConfig();
  const app = await buildApp({ config, database: handle, clock, logger: false, startBackgroundJobs: false });
  await app.ready();
  t = { app, database: handle, clock, config, close: async () => undefined };

  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  customer = await signUpCustomer(t, { surname: 'Onprimary' });
  payee = await signUpCustomer(t, { surname: 'Payee' });
  await credit(t, adminCookie, customer.userId, '100.00');
  // Rows only the "standby" has: a customer the primary never heard of.
  await insertCustomers({ ...t, database: standby.database }, [{ surname: 'Onstandby' }]);
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await handle?.close();
  await standbyProxy?.close();
  await standby?.drop();
  await primary?.drop();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('DATABASE_READ_URL: staleness-tolerant reads from the read pool', () => {
  it('serves the admin customer list, audit log, transactions, overview and loans from the read pool', async () => {
    const users = await get('/api/admin/users', adminCookie);
    expect(users.statusCode).toBe(200);
    expect((users.json() as { items: { surname: string }[] }).items.map((u) => u.surname)).toEqual([
      'Onstandby',
    ]);

    // The credit was audited and journalled on the primary; the standby has neither.
    const audit = await get('/api/admin/audit', adminCookie);
    expect(audit.statusCode).toBe(200);
    expect((audit.json() as { items: unknown[] }).items).toEqual([]);
    const records = await get('/api/admin/transactions', adminCookie);
    expect(records.statusCode).toBe(200);
    expect((records.json() as { items: unknown[] }).items).toEqual([]);
    const overview = await get('/api/admin/overview', adminCookie);
    expect(overview.statusCode).toBe(200);
    expect(overview.body).not.toContain('admin.credit');
    const loans = await get('/api/admin/loans', adminCookie);
    expect(loans.statusCode).toBe(200);
    expect((loans.json() as { items: unknown[] }).items).toEqual([]);
  });

  it("serves the customer's statement, CSV export and charts from the read pool", async () => {
    const statement = await get('/api/me/transactions', customer.cookie);
    expect(statement.statusCode).toBe(200);
    expect((statement.json() as { items: unknown[] }).items).toEqual([]);
    const insights = await get('/api/me/insights?days=30', customer.cookie);
    expect(insights.statusCode).toBe(200);
    expect(insights.body).not.toContain('100.00');
  });

  it('keeps sessions, balances, money movements and idempotency replays on the primary', async () => {
    // Sessions: the standby has none, yet every request above and below is signed in.
    const me = await get('/api/me', customer.cookie);
    expect(me.statusCode).toBe(200);
    expect((me.json() as { balance: string }).balance).toBe('100.00');

    const key = { 'idempotency-key': 'read-pool-transfer-1' };
    const first = await transfer(
      t,
      customer,
      { recipientAccount: payee.accountNumber, recipientName: 'Jane Payee', amount: '40.00' },
      key,
    );
    expect(first.statusCode).toBe(201);
    const replay = await transfer(
      t,
      customer,
      { recipientAccount: payee.accountNumber, recipientName: 'Jane Payee', amount: '40.00' },
      key,
    );
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.json()).toEqual(first.json());
    expect((await get('/api/me', customer.cookie)).json()).toMatchObject({ balance: '60.00' });

    // A single record, opened right after it was made (the receipt), comes from the primary.
    const id = (first.json() as { transaction: { id: string } }).transaction.id;
    expect((await get(`/api/me/transactions/${id}`, customer.cookie)).statusCode).toBe(200);
    // The standby saw none of it.
    const onStandby = (await standby.database.db.execute(
      sql`select count(*)::int as n from transaction_records`,
    )) as unknown as { rows: { n: number }[] };
    expect(onStandby.rows[0]?.n).toBe(0);
  });

  it('falls back to the primary when the read pool is unavailable', async () => {
    await standbyProxy.stop();
    try {
      const users = await get('/api/admin/users', adminCookie);
      expect(users.statusCode).toBe(200);
      expect((users.json() as { items: { surname: string }[] }).items.map((u) => u.surname).sort()).toEqual([
        'Onprimary',
        'Payee',
      ]);
      const statement = await get('/api/me/transactions', customer.cookie);
      expect(statement.statusCode).toBe(200);
      expect((statement.json() as { items: unknown[] }).items.length).toBeGreaterThan(0);
    } finally {
      await standbyProxy.start();
    }
  });
});
