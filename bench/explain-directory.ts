// npx tsx bench/explain-directory.ts [-- --users N --records N --keep --reuse DATABASE --only TEXT --verbose]
//
// Every query of the admin customer directory (and the console's other reads) through the real
// services on a scratch PostgreSQL database seeded like the admin benchmark's large bank
// (bench/lib/bank-dataset.ts), with each statement's plan: the indexes it uses, what is wrong if
// it reads a big table whole, and its execution time. Not a test: plans and timings are evidence
// for docs/decisions/0040 and 0044, and a timed assertion would be flaky. `npm run bench:admin`
// measures the same endpoints over HTTP; this script covers many more search shapes, in-process.
//
// --keep leaves the seeded database behind (its name is printed); --reuse DATABASE explains
// against such a database again without seeding.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '../server/src/lib/clock';
import { createFieldCipher } from '../server/src/lib/field-encryption';
import { createAuditTrail } from '../server/src/modules/admin/audit-trail';
import { createAdminOverviewService } from '../server/src/modules/admin/overview';
import { createAdminUserDirectory } from '../server/src/modules/admin/user-directory';
import type { AdminUserListParams } from '../server/src/modules/admin/user-list';
import { createAuditLog } from '../server/src/modules/audit/audit-log';
import { createSessionStore } from '../server/src/modules/auth/session-store';
import { createUserService } from '../server/src/modules/users/user-service';
import { BUSY_CUSTOMER_N, createSeededBank, customerShape } from './lib/bank-dataset';
import { ADMIN_DATABASE_URL, createScratchDatabase, dropDatabase, withDatabase } from './lib/cluster';
import { capturingDatabase, explainQuery, tableRows, type CapturedQuery } from './lib/explain';

const DEFAULT_USERS = 100_000;
const DEFAULT_RECORDS = 500_000;
const PAGE = 25;
/** The audit filter's one day lies this far back: inside everyone's history. */
const AUDIT_DAY_AGO_DAYS = 30;
/** The server's session defaults (config.ts). */
const IDLE_TIMEOUT_MS = 15 * 60_000;
const ABSOLUTE_TIMEOUT_MS = 12 * 3_600_000;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string' },
    records: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const users = Number(args.users ?? DEFAULT_USERS);

async function main(): Promise<void> {
  const name = args.reuse ?? (await createScratchDatabase('larkspur_explain'));
  const url = withDatabase(ADMIN_DATABASE_URL, name);
  // Explaining needs no decryption: any key will do for the services below.
  const dataKey = crypto.randomBytes(32);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The forced drop at the end ends connections the pool is still closing.
  pool.on('error', () => undefined);
  try {
    if (!args.reuse) {
      const { summary } = await createSeededBank(url, {
        customers: users,
        records: Number(args.records ?? DEFAULT_RECORDS),
        dataKey,
        admin: {
          email: 'boss@example.test',
          password: 'explain admin password',
          firstName: 'Ada',
          surname: 'Admin',
        },
        log: (line) => console.log(line),
      });
      console.log(`seeded ${name} in ${summary.totalSeconds.toFixed(1)} s`);
    }

    const capturing = capturingDatabase(pool);
    const db = capturing.db;
    const clock = systemClock;
    const userService = createUserService({ db, clock, cipher: createFieldCipher(dataKey) });
    const sessions = createSessionStore({
      db,
      clock,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      absoluteTimeoutMs: ABSOLUTE_TIMEOUT_MS,
    });
    const directory = createAdminUserDirectory({
      db,
      clock,
      users: userService,
      sessions,
      audit: createAuditLog({ clock }),
    });
    const auditTrail = createAuditTrail({ db });
    const overview = createAdminOverviewService({ db, clock, auditTrail });

    const captured: { label: string; query: CapturedQuery }[] = [];
    const run = async <T>(label: string, action: () => Promise<T>): Promise<T> => {
      const { result, queries } = await capturing.capture(action);
      for (const query of queries) captured.push({ label, query });
      return result;
    };
    const list = (params: Partial<AdminUserListParams>) =>
      directory.list({ sort: 'createdAt', limit: PAGE, ...params });

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
    await run('users: q=jiménez (1 %)', () => list({ q: 'jiménez' }));
    await run('users: q=van der (1 %)', () => list({ q: 'van der' }));
    await run('users: q=zo (1.5 %)', () => list({ q: 'zo' }));
    await run('users: account prefix of 8 digits (~1 account)', () => list({ q: exact.slice(0, 8) }));
    await run('users: q=mar, status=closed', () => list({ q: 'mar', status: 'closed' }));
    await run('users: q=nobody (no match)', () => list({ q: 'nobody' }));
    // The busy customer: the most records, loans and audit rows of anyone.
    const busy =
      (
        await pool.query<{ id: string }>(
          `select user_id::text as id from profiles where account_number = $1`,
          [customerShape(BUSY_CUSTOMER_N).accountNumber],
        )
      ).rows[0]?.id ?? '';
    await run('user detail (the busy customer)', () => directory.get(busy));
    await run('overview', () => overview.get());
    const auditPage = await run('audit: newest first', () => auditTrail.list({}, { limit: PAGE }));
    await run('audit: page 2 (cursor)', () =>
      auditTrail.list({}, { limit: PAGE, cursor: auditPage.nextCursor ?? undefined }),
    );
    await run('audit: actionPrefix=admin.', () =>
      auditTrail.list({ actionPrefix: 'admin.' }, { limit: PAGE }),
    );
    await run('audit: action=admin.debit', () => auditTrail.list({ action: 'admin.debit' }, { limit: PAGE }));
    await run('audit: actorId', () => auditTrail.list({ actorId: busy }, { limit: PAGE }));
    await run('audit: subjectId', () => auditTrail.list({ subjectId: busy }, { limit: PAGE }));
    const day = new Date(Date.now() - AUDIT_DAY_AGO_DAYS * 86_400_000).toISOString().slice(0, 10);
    await run('audit: from/to one day', () => auditTrail.list({ from: day, to: day }, { limit: PAGE }));

    const sizes = await tableRows(pool);
    console.log('\n| query | indexes | problems | execution ms (median) |\n|---|---|---|---|');
    for (const { label, query } of captured) {
      if (args.only && !label.includes(args.only)) continue;
      const verdict = await explainQuery(pool, query, sizes);
      console.log(
        `| ${label} | ${verdict.indexes.join(', ')} | ${verdict.problems.map((p) => p.text).join('; ') || '—'} | ${verdict.executionMs.toFixed(2)} |`,
      );
      if (args.verbose) {
        const plan = await pool.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query.sql}`,
          query.params,
        );
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await pool.end();
    if (args.reuse) {
      // Someone else's database: left as it was.
    } else if (args.keep) {
      console.log(`kept database ${name}`);
    } else {
      await dropDatabase(name);
    }
  }
}

await main();
