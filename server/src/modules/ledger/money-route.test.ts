import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../test/banking';
import { checkMicr, checkPhotos } from '../../test/check-images';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { withStepUp } from '../../test/step-up';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Decision 0145: every money endpoint goes through one preamble (`money-route.ts` `moneyReply`).
 * Each endpoint is driven here the same way, so one that skipped the preamble — no key check, or a
 * replay answered with another status or body — fails by name.
 */
describe('the money-route preamble, on every money endpoint', () => {
  let t: TestApp;
  let adminCookie: string;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;
  let photos: Awaited<ReturnType<typeof checkPhotos>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await createAdmin(t);
    adminCookie = await loginAdmin(t, admin.email, admin.password);
    alice = await signUpCustomer(t);
    bob = await signUpCustomer(t);
    await credit(t, adminCookie, alice.userId, '1000.00');
    photos = await checkPhotos();
  });
  afterAll(async () => {
    await t.close();
  });

  let checkNumber = 1000;
  const endpoints: {
    name: string;
    request: () => { url: string; cookie: string; payload: Record<string, unknown> };
  }[] = [
    {
      name: 'POST /api/transfers',
      request: () => ({
        url: '/api/transfers',
        cookie: alice.cookie,
        payload: {
          type: 'Local Transfer',
          recipientAccount: bob.accountNumber,
          recipientName: 'Bob',
          confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
          amount: '1.25',
          purpose: 'Preamble',
        },
      }),
    },
    {
      name: 'POST /api/deposits/check',
      request: () => ({
        url: '/api/deposits/check',
        cookie: alice.cookie,
        payload: { amount: '2.50', checkNumber: String((checkNumber += 1)), ...photos, ...checkMicr() },
      }),
    },
    {
      name: 'POST /api/admin/users/:id/credit',
      request: () => ({
        url: `/api/admin/users/${alice.userId}/credit`,
        cookie: adminCookie,
        payload: { amount: '3.00', reason: 'Preamble' },
      }),
    },
    {
      name: 'POST /api/admin/users/:id/debit',
      request: () => ({
        url: `/api/admin/users/${alice.userId}/debit`,
        cookie: adminCookie,
        payload: { amount: '0.75', reason: 'Preamble' },
      }),
    },
    {
      name: 'POST /api/admin/transactions',
      request: () => ({
        url: '/api/admin/transactions',
        cookie: adminCookie,
        payload: {
          userId: alice.userId,
          direction: 'credit',
          amount: '4.00',
          counterpartyName: 'Payroll',
          counterpartyAccount: '12345678',
          bankName: 'Other Bank',
          purpose: 'Salary',
          reason: 'Preamble',
        },
      }),
    },
  ];

  const recordCount = async (customer: SignedUpCustomer): Promise<number> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions?limit=100',
      headers: { cookie: customer.cookie },
    });
    return (res.json() as { items: unknown[] }).items.length;
  };
  // As the customer sends it: a transfer's step-up answered when asked for (decision 0220).
  const send = (request: ReturnType<(typeof endpoints)[number]['request']>, key: string) =>
    withStepUp(t, { cookie: request.cookie }, request.payload, { 'idempotency-key': key }, (headers) =>
      t.app.inject({
        method: 'POST',
        url: request.url,
        headers: { ...JSON_HEADERS, cookie: request.cookie, ...headers },
        payload: request.payload,
      }),
    );

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: refuses a malformed Idempotency-Key before moving anything`, async () => {
      const before = await recordCount(alice);
      const res = await send(endpoint.request(), 'not a key!');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
      expect(await recordCount(alice)).toBe(before);
    });

    it(`${endpoint.name}: a replay, even at once, is answered with the first status and body, and moves once`, async () => {
      const request = endpoint.request();
      const key = `preamble-${endpoint.name.replace(/[^a-z]/gi, '')}`;
      const before = await recordCount(alice);
      const [first, second] = await Promise.all([send(request, key), send(request, key)]);
      const third = await send(request, key);
      expect(first.statusCode).toBe(201);
      for (const replay of [second, third]) {
        expect(replay.statusCode).toBe(first.statusCode);
        expect(replay.json()).toEqual(first.json());
      }
      expect(await recordCount(alice)).toBe(before + 1);
    });
  }
});
