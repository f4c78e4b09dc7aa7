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
import { MONEY_ROUTE_OPENAPI_KEY } from './money-route';

/**
 * Decision 0145: every money endpoint goes through one preamble (`money-route.ts` `moneyReply`).
 * The endpoints are not listed here by hand (issue 29): they are every operation of the OpenAPI
 * document that takes an Idempotency-Key, and each must carry the mark only `moneySchema` sets (and
 * without which `moneyReply` refuses to run). Each is then driven the same way, so one that skipped
 * the preamble — no mark, no key check, or a replay answered with another status or body — fails
 * by name; a new money endpoint fails here until it has a request below.
 */

/** Takes an Idempotency-Key but moves nothing: the key binds the step-up proof (decision 0137). */
const KEY_WITHOUT_MOVEMENT = new Set(['PATCH /api/me/scheduled-transfers/{id}']);

interface Drive {
  url: string;
  cookie: string;
  payload: Record<string, unknown>;
  /** What the endpoint changes when it succeeds, read before and after (records, series). */
  count(): Promise<number>;
}

interface DocumentOperation {
  parameters?: { in: string; name: string }[];
  [MONEY_ROUTE_OPENAPI_KEY]?: boolean;
}

describe('the money-route preamble, on every money endpoint', () => {
  let t: TestApp;
  let adminCookie: string;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;
  let photos: Awaited<ReturnType<typeof checkPhotos>>;
  let document: { paths: Record<string, Record<string, DocumentOperation>> };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await createAdmin(t);
    adminCookie = await loginAdmin(t, admin.email, admin.password);
    alice = await signUpCustomer(t);
    bob = await signUpCustomer(t);
    await credit(t, adminCookie, alice.userId, '1000.00');
    photos = await checkPhotos();
    document = t.app.swagger() as typeof document;
  });
  afterAll(async () => {
    await t.close();
  });

  const recordCount = async (customer: SignedUpCustomer): Promise<number> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions?limit=100',
      headers: { cookie: customer.cookie },
    });
    return (res.json() as { items: unknown[] }).items.length;
  };
  const seriesCount = async (customer: SignedUpCustomer): Promise<number> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/scheduled-transfers',
      headers: { cookie: customer.cookie },
    });
    return (res.json() as { items: unknown[] }).items.length;
  };
  const localTransfer = (amount: string) => ({
    type: 'Local Transfer',
    recipientAccount: bob.accountNumber,
    recipientName: 'Bob',
    confirmPayeeRisk: true, // a made-up name: the name check (0155) is not under test
    amount,
    purpose: 'Preamble',
  });
  const dayAfter = (days: number) =>
    new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

  let checkNumber = 1000;
  /** One request per money endpoint, in the document's `METHOD /path/{param}` form. */
  const drives: Record<string, () => Promise<Drive>> = {
    'POST /api/transfers': async () => ({
      url: '/api/transfers',
      cookie: alice.cookie,
      payload: localTransfer('1.25'),
      count: () => recordCount(alice),
    }),
    'POST /api/deposits/check': async () => ({
      url: '/api/deposits/check',
      cookie: alice.cookie,
      payload: { amount: '2.50', checkNumber: String((checkNumber += 1)), ...photos, ...checkMicr() },
      count: () => recordCount(alice),
    }),
    'POST /api/me/scheduled-transfers': async () => ({
      url: '/api/me/scheduled-transfers',
      cookie: alice.cookie,
      payload: { transfer: localTransfer('1.50'), schedule: { frequency: 'once', startOn: dayAfter(3) } },
      count: () => seriesCount(alice),
    }),
    'POST /api/admin/users/{id}/credit': async () => ({
      url: `/api/admin/users/${alice.userId}/credit`,
      cookie: adminCookie,
      payload: { amount: '3.00', reason: 'Preamble' },
      count: () => recordCount(alice),
    }),
    'POST /api/admin/users/{id}/debit': async () => ({
      url: `/api/admin/users/${alice.userId}/debit`,
      cookie: adminCookie,
      payload: { amount: '0.75', reason: 'Preamble' },
      count: () => recordCount(alice),
    }),
    'POST /api/admin/transactions': async () => ({
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
      count: () => recordCount(alice),
    }),
    'POST /api/admin/loans/{id}/approve': async () => {
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/loans',
        headers: { ...JSON_HEADERS, cookie: alice.cookie },
        payload: {
          loanType: 'Personal Loan',
          loanAmount: '1500.00',
          termMonths: 12,
          purpose: 'Preamble',
          annualIncome: '72000',
          employmentStatus: 'Employed',
        },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      return {
        url: `/api/admin/loans/${(applied.json() as { id: string }).id}/approve`,
        cookie: adminCookie,
        payload: { reason: 'Preamble' },
        count: () => recordCount(alice),
      };
    },
  };

  /** Every operation the document says takes an Idempotency-Key, less those that move nothing. */
  const keyTakingOperations = () =>
    Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) =>
          (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        )
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op }))
        .filter(({ name }) => !KEY_WITHOUT_MOVEMENT.has(name)),
    );

  const drive = (name: string): Promise<Drive> => {
    const prepare = drives[name];
    if (!prepare) throw new Error(`${name}: a money endpoint with no request in \`drives\``);
    return prepare();
  };

  // As the customer sends it: a transfer's step-up answered when asked for (decision 0220); a
  // scheduled payment's step-up is about the transfer it will make.
  const send = (drive: Drive, key: string) => {
    const transfer = (drive.payload.transfer ?? drive.payload) as Record<string, unknown>;
    return withStepUp(t, { cookie: drive.cookie }, transfer, { 'idempotency-key': key }, (headers) =>
      t.app.inject({
        method: 'POST',
        url: drive.url,
        headers: { ...JSON_HEADERS, cookie: drive.cookie, ...headers },
        payload: drive.payload,
      }),
    );
  };

  it('is derived from the document: every endpoint that takes an Idempotency-Key is marked by the preamble and driven here', () => {
    const money = keyTakingOperations();
    expect(money.length).toBeGreaterThanOrEqual(Object.keys(drives).length);
    for (const { name, op } of money) {
      expect(op[MONEY_ROUTE_OPENAPI_KEY], `${name} takes an Idempotency-Key outside moneySchema`).toBe(true);
    }
    const marked = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => op[MONEY_ROUTE_OPENAPI_KEY] === true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(marked.sort(), 'a money endpoint without a request in `drives`').toEqual(
      Object.keys(drives).sort(),
    );
    expect(money.map((m) => m.name).sort()).toEqual(marked);
  });

  it('refuses a malformed Idempotency-Key on every money endpoint before moving anything', async () => {
    for (const { name } of keyTakingOperations()) {
      const request = await drive(name);
      const before = await request.count();
      const res = await send(request, 'not a key!');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toBe('IDEMPOTENCY_KEY_INVALID');
      expect(await request.count(), name).toBe(before);
    }
  });

  it('answers a replay on every money endpoint, even at once, with the first status and body, and moves once', async () => {
    for (const { name } of keyTakingOperations()) {
      const request = await drive(name);
      const key = `preamble-${name.replace(/[^a-z]/gi, '')}`;
      const before = await request.count();
      const [first, second] = await Promise.all([send(request, key), send(request, key)]);
      const third = await send(request, key);
      expect([200, 201], `${name}: ${first.body}`).toContain(first.statusCode);
      for (const replay of [second, third]) {
        expect(replay.statusCode, name).toBe(first.statusCode);
        expect(replay.json(), name).toEqual(first.json());
      }
      expect(await request.count(), name).toBe(before + 1);
    }
  });
});
