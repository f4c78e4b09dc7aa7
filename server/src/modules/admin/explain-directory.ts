/**
 * Seeds a scratch PostgreSQL database with 100,000 customers (and a year of audit rows, 90 days of
 * records, loans), runs every admin console query through the real services, and prints each
 * query's plan (which indexes) and its execution time. Not a test: plans and timings are evidence
 * for docs/decisions/0040, and a timed assertion would be flaky.
 *
 *   npx tsx server/src/modules/admin/explain-directory.ts postgres://postgres@127.0.0.1:5432/postgres
 *
 * It creates `larkspur_explain_<pid>` beside the given database and drops it at the end.
 */
import crypto from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/client';
import * as schema from '../../db/schema/index';
import { systemClock } from '../../lib/clock';
import { createFieldCipher } from '../../lib/field-encryption';
import { createAuditLog } from '../audit/audit-log';
import { createSessionStore } from '../auth/session-store';
import { createUserService } from '../users/user-service';
import { createAuditTrail } from './audit-trail';
import { createAdminOverviewService } from './overview';
import { createAdminUserDirectory } from './user-directory';
import type { AdminUserListParams } from './user-list';

const CUSTOMERS = 100_000;
const AUDIT_ROWS = 1_000_000;
const ADMIN_ACTIONS = 3_000;
const RECORDS = 500_000;
const LOANS = 20_000;
/** Each query runs this often; the median execution time is reported. */
const RUNS = 7;

const FIRST_NAMES =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra
Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George
Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Maria Martin Marco
Marta Mario Marisol José Émile Zoë`.split(/\s+/);
const SURNAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell
Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster
Jiménez Müller O'Brien van der Berg`.split(/\s+/);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function seed(pool: pg.Pool): Promise<void> {
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  await q(
    `insert into identities (id, email, password_hash, created_at)
     select gen_random_uuid(), lower(($1::text[])[1 + (i % array_length($1::text[], 1))]) || '.' || i || '@example.test', 'x',
            now() - (i * interval '15 minutes')
     from generate_series(1, $2::int) i`,
    [FIRST_NAMES, CUSTOMERS],
  );
  await q(
    `insert into profiles (user_id, role, status, first_name, surname, account_number, account_limit_cents,
                           avatar_url, created_at, updated_at)
     select i.id, 'user',
            case when n % 50 = 0 then 'suspended' when n % 101 = 0 then 'closed' else 'active' end,
            ($1::text[])[1 + (n % array_length($1::text[], 1))],
            ($2::text[])[1 + ((n * 7919) % array_length($2::text[], 1))],
            -- Scattered like real draws (n * a prime mod the space is one-to-one), not in sign-up order.
            '409' || (10000000 + (n * 7919) % 90000000)::text, 5000000, '/api/avatars/XX-0.svg', i.created_at,
            i.created_at
     from (select id, created_at, row_number() over (order by created_at) as n from identities) i`,
    [FIRST_NAMES, SURNAMES],
  );
  await q(
    `insert into accounts (kind, user_id, balance_cents, created_at)
     select 'customer', user_id, (random() * 10000000)::bigint, created_at from profiles`,
  );
  await q(`insert into identities (id, email, password_hash) values ($1, 'boss@example.test', 'x')`, [
    crypto.randomUUID(),
  ]);
  await q(
    `insert into profiles (user_id, role, first_name, surname, account_limit_cents, avatar_url)
     select id, 'admin', 'Ada', 'Admin', 0, '/a.svg' from identities where email = 'boss@example.test'`,
  );
  const userIds = `(select array_agg(user_id) from (select user_id from profiles where role = 'user' limit 1000) s)`;
  await q(
    `insert into audit_log (created_at, actor_id, actor_role, action, subject_type, subject_id, outcome)
     select now() - (i * interval '30 seconds'), u[1 + i % 1000], 'user', 'auth.login', 'user', u[1 + i % 1000]::text,
            'success'
     from generate_series(1, $1::int) i, ${userIds} as a(u)`,
    [AUDIT_ROWS],
  );
  await q(
    `insert into audit_log (created_at, actor_id, actor_role, action, subject_type, subject_id, outcome, reason, details)
     select now() - (i * interval '3 hours'), (select user_id from profiles where role = 'admin' limit 1), 'admin',
            (array['admin.credit','admin.user_update','admin.debit'])[1 + i % 3], 'user', u[1 + i % 1000]::text,
            'success', 'Seeded', '{"before":{"status":"active"},"after":{"status":"suspended"}}'::jsonb
     from generate_series(1, $1::int) i, ${userIds} as a(u)`,
    [ADMIN_ACTIONS],
  );
  await q(
    `insert into journal_entries (kind, description, created_at) values ('admin_credit', 'seed', now())`,
  );
  await q(
    `insert into transaction_records (transaction_id, user_id, entry_id, direction, type, amount_cents,
       recipient_name, recipient_account, bank_name, sender_name, sender_account, purpose, created_at, recorded_at, updated_at)
     select 'SEED' || i, u[1 + i % 1000], (select max(id) from journal_entries), 'credit',
            (array['Deposit','Local Transfer','Withdrawal','Check Deposit','Wire Transfer'])[1 + i % 5],
            1 + (i % 100000), 'R', '40900000001', 'Larkspur', 'S', '40900000002', 'Seed',
            now() - (i * interval '15 seconds'), now(), now()
     from generate_series(1, $1::int) i, ${userIds} as a(u)`,
    [RECORDS],
  );
  await q(
    `insert into loan_applications (user_id, source, loan_type, amount_cents, status, contact_name, contact_email,
                                    contact_phone, created_at, updated_at)
     select case when i % 3 = 0 then null else u[1 + i % 1000] end, case when i % 3 = 0 then 'inquiry' else 'application' end,
            'Personal Loan', 100000, case when i % 20 = 0 then 'Pending' else 'Rejected' end,
            'V', 'v@example.test', '+1 415 555 0100', now() - (i * interval '1 hour'), now()
     from generate_series(1, $1::int) i, ${userIds} as a(u)`,
    [LOANS],
  );
  await q('vacuum analyze');
}

interface Captured {
  label: string;
  query: string;
  params: unknown[];
}

function planSummary(plan: string[]): string {
  const used = new Set<string>();
  for (const line of plan) {
    const index = /using (\w+)/i.exec(line)?.[1];
    if (index) used.add(index);
    if (/Seq Scan on (\w+)/.test(line)) used.add(`SEQ ${/Seq Scan on (\w+)/.exec(line)?.[1]}`);
  }
  return [...used].join(', ');
}

async function main(): Promise<void> {
  const adminUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('usage: explain-directory.ts postgres://…');
  // EXPLAIN_REUSE=<name>: a database a previous run kept (EXPLAIN_KEEP=1), already seeded.
  const reuse = process.env.EXPLAIN_REUSE;
  const name = reuse ?? `larkspur_explain_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 2 });
  // The forced drop at the end ends connections the pool is still closing.
  pool.on('error', () => undefined);
  try {
    if (!reuse) {
      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
      const seedStart = Date.now();
      await seed(pool);
      console.log(
        `seeded ${CUSTOMERS} customers into ${name} in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
      );
    }

    let label = '';
    const captured: Captured[] = [];
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => captured.push({ label, query, params }) },
    }) as unknown as Database;
    const clock = systemClock;
    const users = createUserService({ db, clock, cipher: createFieldCipher(crypto.randomBytes(32)) });
    const sessions = createSessionStore({ db, clock, idleTimeoutMs: 900_000, absoluteTimeoutMs: 43_200_000 });
    const directory = createAdminUserDirectory({
      db,
      clock,
      users,
      sessions,
      audit: createAuditLog({ clock }),
    });
    const auditTrail = createAuditTrail({ db });
    const overview = createAdminOverviewService({ db, clock, auditTrail });

    const run = async <T>(name: string, action: () => Promise<T>): Promise<T> => {
      label = name;
      return action();
    };
    const list = (params: Partial<AdminUserListParams>) =>
      directory.list({ sort: 'createdAt', limit: 25, ...params });

    const firstPage = await run('users: newest first, page 1', () => list({}));
    await run('users: newest first, page 2 (cursor)', () =>
      list({ cursor: firstPage.nextCursor ?? undefined }),
    );
    await run('users: status=suspended', () => list({ status: 'suspended' }));
    await run('users: status=closed, sort=name', () => list({ status: 'closed', sort: 'name' }));
    const byName = await run('users: sort=name, page 1', () => list({ sort: 'name' }));
    await run('users: sort=name, page 2 (cursor)', () =>
      list({ sort: 'name', cursor: byName.nextCursor ?? undefined }),
    );
    const byBalance = await run('users: sort=balance, page 1', () => list({ sort: 'balance' }));
    await run('users: sort=balance, page 2 (cursor)', () =>
      list({ sort: 'balance', cursor: byBalance.nextCursor ?? undefined }),
    );
    await run('users: q=mar (names + emails)', () => list({ q: 'mar' }));
    await run('users: q=smith', () => list({ q: 'smith' }));
    await run('users: q=m (broad)', () => list({ q: 'm' }));
    await run('users: q="maria sm"', () => list({ q: 'maria sm' }));
    await run('users: q=james.12 (email)', () => list({ q: 'james.12' }));
    await run('users: q=4091 (account prefix, 11 %)', () => list({ q: '4091' }));
    await run('users: q=40912 (account prefix, 1 %)', () => list({ q: '40912' }));
    const exact = firstPage.items[3]?.accountNumber ?? '';
    await run('users: account number exact', () => list({ q: exact }));
    await run('users: q=mar, sort=name', () => list({ q: 'mar', sort: 'name' }));
    await run('users: q=mar, sort=balance', () => list({ q: 'mar', sort: 'balance' }));
    await run('users: q=jiménez (0.7 %)', () => list({ q: 'jiménez' }));
    await run('users: q=zo (1.5 %)', () => list({ q: 'zo' }));
    await run('users: account prefix of 8 digits (~1 account)', () => list({ q: exact.slice(0, 8) }));
    await run('users: q=mar, status=closed', () => list({ q: 'mar', status: 'closed' }));
    await run('users: q=nobody (no match)', () => list({ q: 'nobody' }));
    // One of the customers the seeded records, loans and audit rows belong to.
    const someone =
      (await pool.query<{ id: string }>(`select user_id as id from profiles where role = 'user' limit 1`))
        .rows[0]?.id ?? '';
    await run('user detail', () => directory.get(someone));
    await run('overview', () => overview.get());
    const auditPage = await run('audit: newest first', () => auditTrail.list({}, { limit: 25 }));
    await run('audit: page 2 (cursor)', () =>
      auditTrail.list({}, { limit: 25, cursor: auditPage.nextCursor ?? undefined }),
    );
    await run('audit: actionPrefix=admin.', () => auditTrail.list({ actionPrefix: 'admin.' }, { limit: 25 }));
    await run('audit: action=admin.debit', () => auditTrail.list({ action: 'admin.debit' }, { limit: 25 }));
    await run('audit: actorId', () => auditTrail.list({ actorId: someone }, { limit: 25 }));
    await run('audit: subjectId', () => auditTrail.list({ subjectId: someone }, { limit: 25 }));
    await run('audit: from/to one day', () =>
      auditTrail.list({ from: '2026-01-01', to: '2026-01-01' }, { limit: 25 }),
    );

    console.log(
      '\n| query | indexes / scans | execution ms (median) | wall ms (median) |\n|---|---|---|---|',
    );
    const only = process.env.EXPLAIN_ONLY;
    for (const { label: name, query, params } of captured) {
      if (only && !name.includes(only)) continue;
      if (/^(begin|commit|select pg_notify)/i.test(query)) continue;
      // Per-node timing costs a clock read per row, which on a VM can dominate; execution time
      // is read with it off, and the wall time of the plain query beside it.
      const plan = (
        await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params)
      ).rows.map((row) => row['QUERY PLAN']);
      const executionMs: number[] = [];
      const wallMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const res = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, timing off) ${query}`,
          params,
        );
        executionMs.push(
          Number(/Execution Time: ([\d.]+) ms/.exec(res.rows.map((r) => r['QUERY PLAN']).join('\n'))?.[1]),
        );
        const started = process.hrtime.bigint();
        await pool.query(query, params);
        wallMs.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
      console.log(
        `| ${name} | ${planSummary(plan)} | ${median(executionMs).toFixed(2)} | ${median(wallMs).toFixed(2)} |`,
      );
      if (process.env.VERBOSE) console.log(plan.join('\n'));
    }
  } finally {
    await pool.end();
    if (!reuse && !process.env.EXPLAIN_KEEP)
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
