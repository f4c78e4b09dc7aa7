import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../modules/ledger/verify';
import { balanceOf, credit } from '../test/banking';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../test/identity';
import { buildTwoInstances, type TestApp, type TwoInstances } from '../test/test-app';

/**
 * Concurrent double-spend through *different doors* at once, over two server instances. The
 * single-door races (50 whole-balance transfers; 20 requests with one key) are in
 * modules/ledger/concurrency.test.ts; here a customer's whole balance is raced by a transfer, an
 * international transfer, an admin debit and a check-deposit-then-spend, and one idempotency key
 * is raced with different bodies.
 */
const RACERS_PER_DOOR = 5;
const SAME_KEY_RACERS = 10;

let instances: TwoInstances;
let t: TestApp;
let second: FastifyInstance;
let adminCookie: string;

beforeAll(async () => {
  // Spends race each other by every door at once; a step-up each would race the code throttle,
  // not the locks these tests are about (decision 0220).
  instances = await buildTwoInstances({ STEP_UP_PAYMENTS: 'off' });
  ({ t, second } = instances);
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await instances?.close();
});

const instance = (i: number) => (i % 2 === 0 ? t.app : second);

describe('double spend', () => {
  it('lets exactly one of a whole balance’s spends through, whichever door each comes by', async () => {
    const victim = await signUpCustomer(t);
    const sink = await signUpCustomer(t);
    await credit(t, adminCookie, victim.userId, '250.00');
    const spend = (i: number) => {
      const door = i % 3;
      if (door === 0) {
        return instance(i).inject({
          method: 'POST',
          url: '/api/transfers',
          headers: { ...JSON_HEADERS, cookie: victim.cookie },
          payload: {
            type: 'Local Transfer',
            recipientAccount: sink.accountNumber,
            recipientName: 'S',
            confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
            amount: '250.00',
          },
        });
      }
      if (door === 1) {
        return instance(i).inject({
          method: 'POST',
          url: '/api/transfers',
          headers: { ...JSON_HEADERS, cookie: victim.cookie },
          payload: {
            type: 'International Transfer',
            recipientAccount: 'DE89370400440532013000',
            recipientName: 'Abroad',
            amount: '250.00',
            internationalDetails: {
              recipientFullName: 'Abroad Person',
              recipientBank: 'Bank Abroad',
              swiftBic: 'DEUTDEFF',
              country: 'DE',
              currency: 'USD',
            },
            fxQuote: { foreignAmount: '250.00', rateId: null },
          },
        });
      }
      return instance(i).inject({
        method: 'POST',
        url: `/api/admin/users/${victim.userId}/debit`,
        headers: { ...JSON_HEADERS, cookie: adminCookie },
        payload: { amount: '250.00', reason: 'Cash withdrawal' },
      });
    };
    const results = await Promise.all(Array.from({ length: RACERS_PER_DOOR * 3 }, (_, i) => spend(i)));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok, results.map((r) => r.body).join('\n')).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS_FOR_DEBIT']).toContain(r.json().error.code);
    }
    expect(await balanceOf(t, victim)).toBe('0.00');
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('races one idempotency key with different bodies: one effect, every other body 409', async () => {
    const payer = await signUpCustomer(t);
    const payee = await signUpCustomer(t);
    await credit(t, adminCookie, payer.userId, '100.00');
    const results = await Promise.all(
      Array.from({ length: SAME_KEY_RACERS }, (_, i) =>
        instance(i).inject({
          method: 'POST',
          url: '/api/transfers',
          headers: { ...JSON_HEADERS, cookie: payer.cookie, 'idempotency-key': 'one-key-many-bodies' },
          // Two bodies: even racers send 10.00, odd ones 20.00.
          payload: {
            type: 'Local Transfer',
            recipientAccount: payee.accountNumber,
            recipientName: 'P',
            confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
            amount: i % 2 === 0 ? '10.00' : '20.00',
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const reused = results.filter((r) => r.statusCode === 409);
    expect(ok.length + reused.length, results.map((r) => r.body).join('\n')).toBe(SAME_KEY_RACERS);
    for (const r of reused) expect(r.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Every success is the same first answer, and money moved once, by that body's amount.
    const ids = new Set(ok.map((r) => r.json().transaction.transactionId));
    expect(ids.size).toBe(1);
    const amount = ok[0]?.json().transaction.amount as string;
    expect(ok.every((r) => r.json().transaction.amount === amount)).toBe(true);
    const moved = amount === '10.00' ? '90.00' : '80.00';
    expect(await balanceOf(t, payer)).toBe(moved);
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });
});
