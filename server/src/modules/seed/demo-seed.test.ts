import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { identities, loanApplications, transactionRecords } from '../../db/schema/index';
import { ManualClock } from '../../lib/clock';
import { createTestDatabase, itOnPostgres, type TestDatabase } from '../../test/test-app';
import { seedDemoLoans } from '../loans/demo-loans';
import { seedDemoHistory } from './demo-history';
import { DEMO_CREDENTIALS_FILE, seedDemoIfEmpty } from './demo-seed';

/** Three months of demo history take a while on the embedded database. */
const DEMO_SEED_TIMEOUT_MS = 120_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database, and the configuration of a PostgreSQL deployment whose DATA_DIR does not exist yet. */
async function freshBank(): Promise<{ test: TestDatabase; config: Config; dataDir: string }> {
  const test = await createTestDatabase();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-seed-'));
  cleanups.push(
    () => test.drop(),
    () => fs.rmSync(parent, { recursive: true, force: true }),
  );
  const dataDir = path.join(parent, 'not', 'yet', 'made');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    EMAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://relay.example:587',
    OTP_PEPPER: 'p'.repeat(32),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    SEED_DEMO: 'true',
  });
  return { test, config, dataDir };
}

async function countOf(
  db: Database,
  table: typeof identities | typeof transactionRecords | typeof loanApplications,
) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? -1;
}

const peopleIn = (db: Database) => countOf(db, identities);

/** The rows of a query, as `db.execute` returns them on either driver. */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Issue 28: the seeded history is the system's doing — no staff member or customer is named as
 * having made, approved, posted or reviewed what nobody did — and its dates tell one story: nothing
 * before its account opened or after now, each record dated as its journal entry and postings, and
 * every balance along the way the sum of what came before it.
 */
async function expectHistoryOfTheSystem(db: Database, now: Date): Promise<void> {
  const named = await rowsOf<{ source: string; n: number }>(
    db,
    sql`select 'journal_entries' as source, count(*)::int as n from journal_entries where actor_id is not null
        union all select 'audit_log', count(*)::int from audit_log where actor_id is not null
        union all select 'transaction_record_history', count(*)::int from transaction_record_history where actor_id is not null
        union all select 'loan_status_history', count(*)::int from loan_status_history where actor_id is not null
        union all select 'deposit_holds', count(*)::int from deposit_holds where reviewer_id is not null
        union all select 'fx_rates', count(*)::int from fx_rates where posted_by is not null`,
  );
  expect(Object.fromEntries(named.map((r) => [r.source, r.n]))).toEqual({
    journal_entries: 0,
    audit_log: 0,
    transaction_record_history: 0,
    loan_status_history: 0,
    deposit_holds: 0,
    fx_rates: 0,
  });
  // What the seed did is said to be the system's: the money movements' audit rows name it.
  const roles = await rowsOf<{ role: string | null }>(
    db,
    sql`select distinct actor_role as role from audit_log where action not in ('auth.signup', 'admin.create')`,
  );
  expect(roles.map((r) => r.role)).toEqual(['system']);

  const records = await rowsOf<{
    user_id: string;
    created: Date | string;
    recorded: Date | string;
    posted: Date | string;
    opened: Date | string;
    posting_dates: number;
  }>(
    db,
    sql`select r.user_id, r.created_at as created, r.recorded_at as recorded, e.created_at as posted,
          a.created_at as opened,
          (select count(distinct p.created_at)::int from postings p where p.entry_id = e.id and p.created_at <> e.created_at) as posting_dates
        from transaction_records r
        join journal_entries e on e.id = r.entry_id
        join accounts a on a.user_id = r.user_id`,
  );
  expect(records.length).toBeGreaterThan(20);
  for (const r of records) {
    const created = new Date(r.created).getTime();
    expect(created).toBeGreaterThan(new Date(r.opened).getTime());
    expect(created).toBeLessThanOrEqual(now.getTime());
    expect(new Date(r.recorded).getTime()).toBe(created);
    expect(new Date(r.posted).getTime()).toBe(created);
    expect(r.posting_dates).toBe(0);
  }
  for (const table of [
    'journal_entries',
    'postings',
    'audit_log',
    'loan_status_history',
    'loan_applications',
  ]) {
    const [latest] = await rowsOf<{ at: Date | string | null }>(
      db,
      sql`select max(created_at) as at from ${sql.identifier(table)}`,
    );
    expect(new Date(latest?.at ?? 0).getTime(), table).toBeLessThanOrEqual(now.getTime());
  }
  // Every demo check cleared on its schedule, after it was deposited and before now.
  const holds = await rowsOf<{ created: string; available: string; released: string | null }>(
    db,
    sql`select created_at as created, available_at as available, released_at as released from deposit_holds`,
  );
  expect(holds.length).toBeGreaterThan(0);
  for (const hold of holds) {
    expect(new Date(hold.available).getTime()).toBeGreaterThan(new Date(hold.created).getTime());
    expect(new Date(hold.released ?? Infinity).getTime()).toBeGreaterThanOrEqual(
      new Date(hold.available).getTime(),
    );
    expect(new Date(hold.released ?? Infinity).getTime()).toBeLessThanOrEqual(now.getTime());
  }
  // Each customer's balance, walked in date order, never dips below zero and ends at the account's.
  const walks = await rowsOf<{ user_id: string; lowest: string; last: string; balance: string }>(
    db,
    sql`select a.user_id, min(w.running)::text as lowest,
          (array_agg(w.running order by w.created_at desc, w.id desc))[1]::text as last,
          a.balance_cents::text as balance
        from accounts a
        join (select p.id, p.account_id, p.created_at,
                sum(p.amount_cents) over (partition by p.account_id order by p.created_at, p.id) as running
              from postings p) w on w.account_id = a.id
        where a.kind = 'customer'
        group by a.user_id, a.balance_cents`,
  );
  expect(walks).toHaveLength(2);
  for (const walk of walks) {
    expect(BigInt(walk.lowest)).toBeGreaterThanOrEqual(0n);
    expect(walk.last).toBe(walk.balance);
  }
}

describe('the demo seed (issue #13, point 15)', () => {
  it('creates a missing DATA_DIR before seeding, then saves the logins there, owner-only', async () => {
    const { test, config, dataDir } = await freshBank();
    const logins = await seedDemoIfEmpty({ db: test.database.db, clock: new ManualClock(), config });
    expect(logins).toHaveLength(4);
    const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
    const saved = fs.readFileSync(file, 'utf8');
    for (const login of logins ?? []) expect(saved).toContain(login.password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await peopleIn(test.database.db)).toBe(4);
    // Seeded once: the next start finds people and leaves them alone.
    expect(await seedDemoIfEmpty({ db: test.database.db, clock: new ManualClock(), config })).toBeNull();
  });

  it('leaves nothing behind when it fails midway, and seeds in full at the next start', async () => {
    const { test, config, dataDir } = await freshBank();
    const failing = seedDemoIfEmpty({
      db: test.database.db,
      clock: new ManualClock(),
      config,
      withCustomers: async () => {
        throw new Error('the history step failed');
      },
    });
    await expect(failing).rejects.toThrow('the history step failed');
    expect(await peopleIn(test.database.db)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, DEMO_CREDENTIALS_FILE))).toBe(false);

    const logins = await seedDemoIfEmpty({ db: test.database.db, clock: new ManualClock(), config });
    expect(logins).toHaveLength(4);
    expect(await peopleIn(test.database.db)).toBe(4);
  });

  it('rolls the people back when the credentials file cannot be written', async () => {
    const { test, config, dataDir } = await freshBank();
    // The data directory exists, but a directory sits where the file must go.
    fs.mkdirSync(path.join(dataDir, DEMO_CREDENTIALS_FILE), { recursive: true });
    await expect(
      seedDemoIfEmpty({ db: test.database.db, clock: new ManualClock(), config }),
    ).rejects.toThrow();
    expect(await peopleIn(test.database.db)).toBe(0);
  });

  it(
    'seeds the history and loans in the same transaction as the people',
    async () => {
      const { test, config } = await freshBank();
      const clock = new ManualClock();
      const logins = await seedDemoIfEmpty({
        db: test.database.db,
        clock,
        config,
        withCustomers: (tx, customers, adminId) =>
          seedDemoHistory({
            db: tx,
            config,
            brand: {
              bankName: 'Larkspur Bank',
              fromName: 'Larkspur Bank',
              publicOrigin: config.publicOrigin,
            },
            adminId,
            customers,
            now: clock.now(),
            extra: seedDemoLoans({ db: tx, adminId }),
          }),
      });
      expect(logins).toHaveLength(4);
      expect(await countOf(test.database.db, transactionRecords)).toBeGreaterThan(20);
      // Jane's auto loan, Marcus's personal loan and a visitor's mortgage inquiry.
      expect(await countOf(test.database.db, loanApplications)).toBe(3);

      // Dates tell one story (issue #14): each customer (identity, profile, account, card, signup
      // audit row) exists before their first record, and the admin before anything it did.
      const db = test.database.db;
      type CustomerDates = { user_id: string; first: Date | string; since: Date | string };
      type AdminDates = { joined: Date | string; created: Date | string; first_act: Date | string };
      const customers = (await db.execute(sql`
        select p.user_id, min(r.created_at) as first,
          greatest(p.created_at, i.created_at, a.created_at, c.created_at,
            (select max(l.created_at) from audit_log l where l.action = 'auth.signup' and l.subject_id = p.user_id::text)) as since
        from profiles p
        join identities i on i.id = p.user_id
        join accounts a on a.user_id = p.user_id
        join cards c on c.user_id = p.user_id
        join transaction_records r on r.user_id = p.user_id
        where p.role = 'user'
        group by p.user_id, p.created_at, i.created_at, a.created_at, c.created_at`)) as unknown as {
        rows: CustomerDates[];
      };
      expect(customers.rows).toHaveLength(2);
      for (const row of customers.rows) {
        expect(new Date(row.since).getTime()).toBeLessThan(new Date(row.first).getTime());
        // Three months of history: "customer since" is not today.
        expect(clock.now().getTime() - new Date(row.since).getTime()).toBeGreaterThan(80 * 86_400_000);
      }
      const admin = (await db.execute(sql`
        select greatest(i.created_at, p.created_at) as joined,
          (select max(l.created_at) from audit_log l where l.action = 'admin.create' and l.subject_id = p.user_id::text) as created,
          (select min(l.created_at) from audit_log l where l.actor_id::text = p.user_id::text) as first_act
        from profiles p join identities i on i.id = p.user_id
        where p.role = 'admin'`)) as unknown as { rows: AdminDates[] };
      // Two admins (the second approves the first one's money requests). Neither is named for any
      // of the history (issue 28: it is the system's); the one who sets up the bank joined before it.
      expect(admin.rows).toHaveLength(2);
      expect(admin.rows.filter((row) => row.first_act !== null)).toHaveLength(0);
      const [firstRecord] = await rowsOf<{ at: Date | string }>(
        db,
        sql`select min(created_at) as at from transaction_records`,
      );
      const earliestJoined = Math.min(...admin.rows.map((row) => new Date(row.joined).getTime()));
      expect(earliestJoined).toBeLessThan(new Date(firstRecord?.at ?? 0).getTime());

      await expectHistoryOfTheSystem(db, clock.now());
    },
    DEMO_SEED_TIMEOUT_MS,
  );

  itOnPostgres('seeds once when two instances start on one empty database at the same moment', async () => {
    const { test, config } = await freshBank();
    const peer = await test.openPeer();
    const results = await Promise.all(
      [test.database.db, peer.db].map((db) => seedDemoIfEmpty({ db, clock: new ManualClock(), config })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await peopleIn(test.database.db)).toBe(4);
  });
});
