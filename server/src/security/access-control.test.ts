import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, profiles } from '../db/schema/index';
import { JSON_HEADERS, latestCode, validSignup } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';
import { fillPath, isAdminPath, readOperations, type Operation } from './openapi';
import { aliceIdFor, balances, buildWorld, expectLedgerClean, expectRejection, type World } from './world';

/**
 * Who may do what, checked from the outside for every endpoint the OpenAPI document lists: the
 * admin area refuses guests (401) and customers (403); the customer area refuses guests; one
 * customer can never read or touch another's objects (IDOR); and no request of a customer can
 * set a role, a status, a balance or a limit.
 *
 * Already covered elsewhere and not repeated here: PATCH /api/me refusing role/status/balance/
 * accountLimit/accountNumber/email/ssn/firstName (auth/identity.test.ts "profile"), sign-up
 * refusing `role` (identity.test.ts "sign-up"), admin-only edits (admin/admin-users.test.ts).
 */

/** Endpoints a guest may call: the public site, sign-in and sign-up, the dev mailbox, the docs. */
const GUEST_ENDPOINTS = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/loan-inquiries',
  'GET /api/auth/session',
  'POST /api/auth/signup/start',
  'POST /api/auth/signup/verify',
  'POST /api/auth/login',
  'POST /api/auth/admin/login',
  'POST /api/auth/admin/verify',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/verify',
  'POST /api/auth/logout',
  // Getting back in (issue 17).
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/account-number/forgot',
  // The stop link mailed to the old address of a staff-help email change: its token is the
  // credential, so anyone holding the email may use it (issue 27, decision 0182).
  'POST /api/auth/email-change/stop',
  // A new staff member's invitation link (issue 27, decision 0189).
  'POST /api/auth/staff-invitation/lookup',
  'POST /api/auth/staff-invitation/complete',
  'GET /api/avatars/{file}',
  'GET /api/dev/mailbox',
  // A test server's clock (decision 0160): registered only with TEST_CLOCK=on, which production
  // refuses; this suite turns it on so the document lists it and the checks below reach it.
  'POST /api/test/clock',
]);

let t: TestApp;
let world: World;
let operations: Operation[];

beforeAll(async () => {
  t = await buildTestApp({ env: { TEST_CLOCK: 'on' } });
  world = await buildWorld(t);
  operations = await readOperations(t.app);
});
afterAll(async () => {
  await t?.close();
});

const keyOf = (op: Operation) => `${op.method} ${op.path}`;

function call(op: Operation, cookie: string | undefined, ids: (name: string) => string, payload?: unknown) {
  return t.app.inject({
    method: op.method,
    url: fillPath(op.path, ids),
    headers: {
      ...(op.method === 'GET' ? {} : JSON_HEADERS),
      ...(cookie ? { cookie } : {}),
    },
    ...(op.method === 'GET' ? {} : { payload: JSON.stringify(payload ?? {}) }),
  });
}

describe('the admin area', () => {
  it('is listed in the OpenAPI document (the list below is derived from it)', () => {
    expect(operations.filter((op) => isAdminPath(op.path)).length).toBeGreaterThanOrEqual(10);
  });

  it('includes the CSV exports (issue 19), so the checks below cover them', () => {
    const admin = new Set(operations.filter((op) => isAdminPath(op.path)).map(keyOf));
    expect(admin).toContain('GET /api/admin/transactions.csv');
    expect(admin).toContain('GET /api/admin/audit.csv');
  });

  it('refuses every admin endpoint to a guest with 401 and to a customer with 403', async () => {
    const before = await balances(t);
    const admin = operations.filter((op) => isAdminPath(op.path));
    for (const op of admin) {
      const ids = (name: string) => aliceIdFor(world, op.path, name);
      // A body that would pass validation is not needed: the role check runs before the body is read.
      const guest = await call(op, undefined, ids, { amount: '1.00', reason: 'Take it all' });
      expect(expectRejection(guest, 401).code, keyOf(op)).toBe('UNAUTHENTICATED');
      const customer = await call(op, world.mallory.cookie, ids, { amount: '1.00', reason: 'Take it all' });
      expect(expectRejection(customer, 403).code, keyOf(op)).toBe('FORBIDDEN');
    }
    expect(await balances(t)).toEqual(before);
  });

  it('refuses a forged or expired-looking session cookie as a guest', async () => {
    for (const cookie of [
      'larkspur_session=' + 'A'.repeat(43),
      'larkspur_session=',
      'larkspur_session=' + 'x'.repeat(5000),
      "larkspur_session=' or '1'='1",
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
      expectRejection(res, 401);
    }
  });
});

describe('the customer area', () => {
  it('is derived from a document that lists the test clock, so the checks here reach it too', () => {
    expect(operations.map(keyOf)).toContain('POST /api/test/clock');
  });

  it('refuses every non-public endpoint to a guest with 401', async () => {
    const customerOps = operations.filter(
      (op) => !isAdminPath(op.path) && !GUEST_ENDPOINTS.has(keyOf(op)) && !op.path.startsWith('/api/docs'),
    );
    expect(customerOps.length).toBeGreaterThanOrEqual(10);
    for (const op of customerOps) {
      const res = await call(op, undefined, (name) => aliceIdFor(world, op.path, name), {});
      expect(expectRejection(res, 401).code, keyOf(op)).toBe('UNAUTHENTICATED');
    }
  });

  it('answers another customer’s object on every id-taking endpoint exactly like a missing one', async () => {
    const before = await balances(t);
    const idOps = operations.filter(
      (op) => !isAdminPath(op.path) && op.pathParams.includes('id') && !GUEST_ENDPOINTS.has(keyOf(op)),
    );
    // /api/me/transactions/{id}, /api/me/loans/{id}, /api/loans/{id}/cancel, cards …
    expect(idOps.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /api/me/transactions/{id}',
        'GET /api/me/loans/{id}',
        'POST /api/loans/{id}/cancel',
      ]),
    );
    for (const op of idOps) {
      const body = op.path.includes('unfreeze') ? { password: world.mallory.password } : {};
      const aliceId = aliceIdFor(world, op.path, 'id');
      const missingId = '00000000-0000-4000-8000-000000000000';
      const theirs = await call(op, world.mallory.cookie, () => aliceId, body);
      const missing = await call(op, world.mallory.cookie, () => missingId, body);
      const theirsError = expectRejection(theirs);
      const missingError = expectRejection(missing);
      expect(theirs.statusCode, keyOf(op)).toBe(missing.statusCode);
      expect(theirsError, keyOf(op)).toEqual(missingError);
      expect(theirs.body).not.toContain(world.alice.accountNumber);
    }
    // Alice still has her loan, untouched.
    const loan = await t.app.inject({
      method: 'GET',
      url: `/api/me/loans/${world.aliceLoanId}`,
      headers: { cookie: world.alice.cookie },
    });
    expect(loan.json()).toMatchObject({ status: 'Pending' });
    expect(await balances(t)).toEqual(before);
  });

  it('lists, filters and exports (CSV) only the signed-in customer’s own records, whatever the query says', async () => {
    for (const url of [
      '/api/me/transactions',
      `/api/me/transactions?userId=${world.alice.userId}`,
      `/api/me/transactions?q=${world.alice.accountNumber}`,
      `/api/me/transactions?q=Alice`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: world.mallory.cookie } });
      if (res.statusCode === 200) {
        const items = (res.json() as { items: { userId: string }[] }).items;
        for (const item of items) expect(item.userId).toBe(world.mallory.userId);
      } else {
        // A smuggled userId is an unknown field: refused outright.
        expectRejection(res, 400);
      }
    }
    for (const url of ['/api/me/transactions.csv', `/api/me/transactions.csv?q=Alice`]) {
      const csv = await t.app.inject({ method: 'GET', url, headers: { cookie: world.mallory.cookie } });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Alice');
      expect(csv.body).not.toContain(world.alice.accountNumber);
    }
    const smuggled = await t.app.inject({
      method: 'GET',
      url: `/api/me/transactions.csv?userId=${world.alice.userId}`,
      headers: { cookie: world.mallory.cookie },
    });
    expectRejection(smuggled, 400);
    // Alice's own export does show her transfer: the filter above is a real one.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv',
      headers: { cookie: world.alice.cookie },
    });
    expect(own.body).toContain(world.bob.accountNumber);
  });

  it('does not let an admin session act as a customer (no money moves from an admin)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_HEADERS, cookie: world.adminCookie },
      payload: {
        type: 'Local Transfer',
        recipientAccount: world.bob.accountNumber,
        recipientName: 'B',
        amount: '1.00',
      },
    });
    expectRejection(res, 403);
  });
});

describe('mass assignment', () => {
  /** Field and JSON value, written raw so that `__proto__` really travels as a key. */
  const PRIVILEGED: [string, string][] = [
    ['role', '"admin"'],
    ['status', '"active"'],
    ['balance', '"1000000.00"'],
    ['balanceCents', '100000000'],
    ['accountLimit', '"99999999.00"'],
    ['accountNumber', '"40900000001"'],
    ['id', '"00000000-0000-4000-8000-000000000001"'],
    ['userId', '"00000000-0000-4000-8000-000000000001"'],
    ['avatarUrl', '"https://evil.example/x.svg"'],
    ['__proto__', '{"role":"admin"}'],
    ['constructor', '{"prototype":{"role":"admin"}}'],
  ];
  const withField = (body: object, field: string, json: string) =>
    `${JSON.stringify(body).slice(0, -1)},${JSON.stringify(field)}:${json}}`;

  it('refuses a sign-up carrying any privileged field, and opens no account', async () => {
    // identity.test.ts covers `role`; here every other field, including prototype pollution keys.
    for (const [field, value] of PRIVILEGED) {
      const body = validSignup();
      const payload = withField(body, field, value);
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/start',
        headers: JSON_HEADERS,
        payload,
      });
      expect(start.statusCode, field).toBe(400);
      // Even with a real code in hand (from a clean start), verify refuses the extra field.
      const clean = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/start',
        headers: JSON_HEADERS,
        payload: body,
      });
      expect(clean.statusCode).toBe(202);
      const code = await latestCode(t, body.email);
      const verifyPayload = withField({ ...body, code }, field, value);
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/verify',
        headers: JSON_HEADERS,
        payload: verifyPayload,
      });
      expectRejection(verify, 400);
      const rows = await t.database.db
        .select()
        .from(identities)
        .where(eq(identities.email, body.email.toLowerCase()));
      expect(rows, field).toHaveLength(0);
    }
  });

  it('refuses PATCH /api/me with prototype-pollution keys and nested privileged fields', async () => {
    for (const payload of [
      '{"phone":"+1 212 555 0100","__proto__":{"role":"admin"}}',
      '{"phone":"+1 212 555 0100","constructor":{"prototype":{"role":"admin"}}}',
      '{"phone":"+1 212 555 0100","profile":{"role":"admin"}}',
      '{"phone":"+1 212 555 0100","avatarUrl":"https://evil.example/x.svg"}',
      '{"phone":"+1 212 555 0100","status":"active"}',
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...JSON_HEADERS, cookie: world.mallory.cookie },
        payload,
      });
      expectRejection(res, 400);
    }
    const [row] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, world.mallory.userId));
    expect(row).toMatchObject({ role: 'user', status: 'active', accountLimitCents: 5_000_000n });
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    await expectLedgerClean(t);
  });
});
