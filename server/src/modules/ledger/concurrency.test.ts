import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ManualClock } from '../../lib/clock';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { createTestDatabase, testConfig, type TestApp, type TestDatabase } from '../../test/test-app';
import { verifyLedger } from './verify';

/**
 * Two app instances on one database (on PostgreSQL each with its own connection pool, as two
 * servers would be), hammered at once. The row locks, taken in id order, are what keep this right.
 */
let testDb: TestDatabase;
let a: TestApp;
let second: FastifyInstance;
let adminCookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const clock = new ManualClock();
  // Hundreds of transfers race at once to new payees: a step-up each would race the code throttle,
  // not the row locks these tests are about (decision 0220).
  const config = testConfig({ STEP_UP_PAYMENTS: 'off' });
  const first = await buildApp({
    config,
    database: testDb.database,
    clock,
    logger: false,
    startBackgroundJobs: false,
  });
  second = await buildApp({
    config,
    database: await testDb.openPeer(),
    clock,
    logger: false,
    startBackgroundJobs: false,
  });
  await Promise.all([first.ready(), second.ready()]);
  a = { app: first, database: testDb.database, clock, config, close: async () => undefined };
  const admin = await createAdmin(a);
  adminCookie = await loginAdmin(a, admin.email, admin.password);
});
afterAll(async () => {
  await second?.close();
  await a?.app.close();
  await testDb?.drop();
});

const send = (
  app: FastifyInstance,
  from: SignedUpCustomer,
  to: SignedUpCustomer,
  amount: string,
  key?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...JSON_HEADERS, cookie: from.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      type: 'Local Transfer',
      recipientAccount: to.accountNumber,
      recipientName: 'Peer',
      confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
      amount,
      purpose: 'race',
    },
  });

async function customerTotalCents(): Promise<bigint> {
  const result = (await testDb.database.db.execute(
    sql`select coalesce(sum(balance_cents), 0)::text as total from accounts where kind = 'customer'`,
  )) as unknown as { rows: { total: string }[] } | { total: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return BigInt(rows[0]?.total ?? '0');
}

describe('concurrency', () => {
  it('lets exactly one of 50 concurrent whole-balance transfers through, and the balance never goes negative', async () => {
    const spender = await signUpCustomer(a);
    const sink = await signUpCustomer(a);
    await credit(a, adminCookie, spender.userId, '75.00');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(i % 2 ? second : a.app, spender, sink, '75.00')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(a, spender)).toBe('0.00');
    expect(await balanceOf(a, sink)).toBe('75.00');
    expect((await verifyLedger(testDb.database.db)).violations).toEqual([]);
  });

  it('keeps the daily limit under 20 concurrent transfers on two instances, leaving nothing of the refused ones', async () => {
    // The day's total is summed in the statement that posts, after the sender's lock: a transfer
    // that waited on another counts it. Over the limit, everything it wrote rolls back.
    const spender = await signUpCustomer(a);
    const sink = await signUpCustomer(a);
    await credit(a, adminCookie, spender.userId, '1000.00');
    await testDb.database.db.execute(
      sql`update profiles set account_limit_cents = 10000 where user_id = ${spender.userId}`,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? second : a.app, spender, sink, '30.00')),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json().error.code).toBe('TRANSFER_LIMIT_EXCEEDED');
    expect(await balanceOf(a, spender)).toBe('910.00');
    expect(await balanceOf(a, sink)).toBe('90.00');
    const counts = (await testDb.database.db.execute(sql`
      select
        (select count(*) from transaction_records where user_id = ${spender.userId} and direction = 'debit')::int as debits,
        (select count(*) from transaction_records where user_id = ${sink.userId})::int as deposits,
        (select count(*) from outbox_messages where to_email in (${spender.email}, ${sink.email}) and template = 'money-alert')::int as alerts
    `)) as unknown as
      | { rows: { debits: number; deposits: number; alerts: number }[] }
      | { debits: number; deposits: number; alerts: number }[];
    const row = (Array.isArray(counts) ? counts : counts.rows)[0];
    // The spender's admin credit alert, three debit alerts, three deposit alerts.
    expect(row).toEqual({ debits: 3, deposits: 3, alerts: 7 });
    expect((await verifyLedger(testDb.database.db)).violations).toEqual([]);
  });

  it('moves money once for 20 concurrent requests with one idempotency key', async () => {
    const payer = await signUpCustomer(a);
    const payee = await signUpCustomer(a);
    await credit(a, adminCookie, payer.userId, '100.00');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(i % 2 ? second : a.app, payer, payee, '10.00', 'same-key-20'),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const ids = new Set(results.map((r) => r.json().transaction.transactionId));
    expect(ids.size).toBe(1);
    expect(await balanceOf(a, payer)).toBe('90.00');
    expect(await balanceOf(a, payee)).toBe('10.00');
  });

  it('gives one answer to a burst of one key, even when a refusal races money arriving', async () => {
    // The refusal must be stored with the key in the transaction that claimed it: stored later,
    // a duplicate waiting on the key could claim it in the gap and succeed on the new money.
    for (let round = 0; round < 5; round++) {
      const payer = await signUpCustomer(a);
      const payee = await signUpCustomer(a);
      const key = `refusal-race-${round}`;
      const burst = Array.from({ length: 12 }, (_, i) =>
        send(i % 2 ? second : a.app, payer, payee, '10.00', key),
      );
      const [results] = await Promise.all([
        Promise.all(burst),
        credit(a, adminCookie, payer.userId, '50.00'),
      ]);
      const answers = new Set(
        results.map(
          (r) =>
            `${r.statusCode} ${JSON.stringify(r.json().transaction?.transactionId ?? r.json().error?.code)}`,
        ),
      );
      expect([...answers]).toHaveLength(1);
      const moved = results[0]!.statusCode === 201;
      expect(await balanceOf(a, payer)).toBe(moved ? '40.00' : '50.00');
    }
  });

  it('conserves the total to the cent over 500 random concurrent transfers among 10 accounts on two instances', async () => {
    const people: SignedUpCustomer[] = [];
    for (let i = 0; i < 10; i++) {
      const person = await signUpCustomer(a);
      await credit(a, adminCookie, person.userId, '1000.00');
      people.push(person);
    }
    const before = await customerTotalCents();
    const plan = fc.sample(
      fc.record({
        from: fc.nat(9),
        to: fc.nat(9),
        cents: fc.integer({ min: 1, max: 40_000 }),
        instance: fc.boolean(),
      }),
      { numRuns: 500, seed: 20261122 },
    );
    const BATCH = 50;
    let ok = 0;
    for (let i = 0; i < plan.length; i += BATCH) {
      const batch = plan.slice(i, i + BATCH).map((p) => {
        const amount = `${Math.floor(p.cents / 100)}.${String(p.cents % 100).padStart(2, '0')}`;
        return send(p.instance ? second : a.app, people[p.from]!, people[p.to]!, amount);
      });
      for (const r of await Promise.all(batch)) {
        expect([201, 400, 422]).toContain(r.statusCode);
        if (r.statusCode === 201) ok += 1;
      }
    }
    expect(ok).toBeGreaterThan(100);
    expect(await customerTotalCents()).toBe(before);
    const { violations } = await verifyLedger(testDb.database.db);
    expect(violations).toEqual([]);
    for (const person of people) expect((await balanceOf(a, person)).startsWith('-')).toBe(false);
    // PGlite runs one statement at a time in WebAssembly: 500 transfers take a while there.
  }, 180_000);
});
