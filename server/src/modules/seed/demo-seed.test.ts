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
      // Two admins (the second approves the first one's money requests); only the first acts.
      expect(admin.rows).toHaveLength(2);
      const acting = admin.rows.filter((row) => row.first_act !== null);
      expect(acting).toHaveLength(1);
      const [boss] = acting;
      expect(new Date(boss?.joined ?? 0).getTime()).toBeLessThan(new Date(boss?.first_act ?? 0).getTime());
      expect(new Date(boss?.created ?? 0).getTime()).toBeLessThan(new Date(boss?.first_act ?? 0).getTime());
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
