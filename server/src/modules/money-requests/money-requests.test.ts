import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, MoneyRequestPage, MovementResponse } from '@larkspur/contract';
import { auditLog, moneyRequests, profiles, transactionRecords } from '../../db/schema/index';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import { verifyLedger } from '../ledger/verify';

/**
 * Maker-checker (issue 19, decisions 0170–0172) through the real app, on PGlite and PostgreSQL:
 * above the threshold a manual movement becomes a request; only someone else approves it; the
 * money moves once, in the approval's transaction; a rejection moves nothing; all audited.
 */

let t: TestApp;
let maker: { userId: string; cookie: string };
let checker: { userId: string; cookie: string };
let third: { userId: string; cookie: string };
let alice: SignedUpCustomer;

async function staff(firstName: string, surname: string) {
  const admin = await createAdmin(t);
  await t.database.db.update(profiles).set({ firstName, surname }).where(eq(profiles.userId, admin.userId));
  return { userId: admin.userId, cookie: await loginAdmin(t, admin.email, admin.password) };
}

function post(url: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, cookie, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

function requestCredit(
  userId: string,
  amount: string,
  as = maker.cookie,
  headers: Record<string, string> = {},
) {
  return post(
    `/api/admin/users/${userId}/credit`,
    as,
    { amount, reason: 'Wire received at branch' },
    headers,
  );
}

async function requested(res: Awaited<ReturnType<typeof post>>): Promise<MoneyRequest> {
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { request: MoneyRequest }).request;
}

const approve = (id: string, as: string) => post(`/api/admin/requests/${id}/approve`, as, {});
const reject = (id: string, as: string, reason: unknown = 'Not supported by documents') =>
  post(`/api/admin/requests/${id}/reject`, as, { reason });

async function list(query: string, as = checker.cookie): Promise<MoneyRequestPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/requests?${query}`,
    headers: { cookie: as },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MoneyRequestPage;
}

async function auditOf(requestId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'money_request'), eq(auditLog.subjectId, requestId)))
    .orderBy(auditLog.id);
}

async function recordsOf(userId: string) {
  return t.database.db.select().from(transactionRecords).where(eq(transactionRecords.userId, userId));
}

async function expectLedgerClean() {
  expect((await verifyLedger(t.database.db)).violations).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp();
  maker = await staff('Olive', 'Operator');
  checker = await staff('Abe', 'Approver');
  third = await staff('Tess', 'Third');
  alice = await signUpCustomer(t);
});
afterAll(async () => {
  await t.close();
});

describe('below the threshold ($10,000.00 by default)', () => {
  it('moves directly as before: 201, no request', async () => {
    const before = await list('state=pending', maker.cookie);
    const res = await requestCredit(alice.userId, '9999.99');
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as MovementResponse).balance).toBe('9999.99');
    const after = await list('state=pending', maker.cookie);
    expect(after.counts.pending).toBe(before.counts.pending);
    expect(after.threshold).toBe('10000.00');
  });
});

describe('a credit at or above the threshold', () => {
  it('becomes a pending request (202) and moves nothing; the maker sees it as theirs', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '10000.00'));
    expect(request).toMatchObject({
      kind: 'credit',
      state: 'pending',
      amount: '10000.00',
      userId: customer.userId,
      accountNumber: customer.accountNumber,
      makerId: maker.userId,
      makerName: 'Olive Operator',
      checkerId: null,
      recordId: null,
      payload: { amount: '10000.00', reason: 'Wire received at branch' },
    });
    expect(await balanceOf(t, customer)).toBe('0.00');
    expect(await recordsOf(customer.userId)).toHaveLength(0);
    const mine = await list('state=pending&mine=true', maker.cookie);
    expect(mine.items.map((r) => r.id)).toContain(request.id);
    const checkersOwn = await list('state=pending&mine=true', checker.cookie);
    expect(checkersOwn.items.map((r) => r.id)).not.toContain(request.id);
    const [created] = await auditOf(request.id);
    expect(created).toMatchObject({
      action: 'admin.money_request.create',
      outcome: 'success',
      actorId: maker.userId,
    });
  });

  it('cannot be approved or rejected by its maker (403), and the refusal is audited', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '20000.00'));
    for (const res of [await approve(request.id, maker.cookie), await reject(request.id, maker.cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'MONEY_REQUEST_OWN',
          message: 'You made this request, so someone else must approve or reject it.',
        },
      });
    }
    expect(await balanceOf(t, customer)).toBe('0.00');
    const rows = await auditOf(request.id);
    expect(rows.filter((r) => r.outcome === 'denied').map((r) => r.action)).toEqual([
      'admin.money_request.approve',
      'admin.money_request.reject',
    ]);
    // And the database itself refuses a checker who is the maker.
    await expect(
      t.database.db
        .update(moneyRequests)
        .set({ state: 'approved', checkerId: maker.userId, decidedAt: new Date() })
        .where(eq(moneyRequests.id, request.id)),
    ).rejects.toThrow();
  });

  it('is approved by someone else: the money moves once, in the same transaction as the decision', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '20000.00'));
    const res = await approve(request.id, checker.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const decided = (res.json() as { request: MoneyRequest }).request;
    expect(decided).toMatchObject({
      state: 'approved',
      checkerId: checker.userId,
      checkerName: 'Abe Approver',
      failureMessage: null,
    });
    expect(decided.transactionId).toMatch(/^DEP/);
    expect(await balanceOf(t, customer)).toBe('20000.00');
    const records = await recordsOf(customer.userId);
    expect(records).toHaveLength(1);
    expect(records[0]?.id).toBe(decided.recordId);
    // Again: already decided, nothing moves.
    const again = await approve(request.id, third.cookie);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { error: { code: string } }).error.code).toBe('MONEY_REQUEST_NOT_PENDING');
    expect(await balanceOf(t, customer)).toBe('20000.00');
    // Every step audited: the request, the approval, the movement naming the request.
    const rows = await auditOf(request.id);
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['admin.money_request.create', 'success'],
      ['admin.money_request.approve', 'success'],
      ['admin.money_request.approve', 'denied'],
    ]);
    const [movement] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.credit'), eq(auditLog.subjectId, customer.userId)));
    expect(movement).toMatchObject({ actorId: checker.userId });
    expect(movement?.details).toMatchObject({ requestId: request.id, amount: '20000.00' });
    await expectLedgerClean();
  });

  it('approved by two checkers at once moves the money once', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '15000.00'));
    const results = await Promise.all([
      approve(request.id, checker.cookie),
      approve(request.id, third.cookie),
      approve(request.id, checker.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(t, customer)).toBe('15000.00');
    expect(await recordsOf(customer.userId)).toHaveLength(1);
    await expectLedgerClean();
  });

  it('racing an approval and a rejection: exactly one decision wins', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '12000.00'));
    const [approved, rejected] = await Promise.all([
      approve(request.id, checker.cookie),
      reject(request.id, third.cookie),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.database.db.select().from(moneyRequests).where(eq(moneyRequests.id, request.id));
    expect(await balanceOf(t, customer)).toBe(row?.state === 'approved' ? '12000.00' : '0.00');
  });

  it('is rejected with a reason: nothing moves, and it cannot be approved afterwards (409)', async () => {
    const customer = await signUpCustomer(t);
    const request = await requested(await requestCredit(customer.userId, '50000.00'));
    expect((await reject(request.id, checker.cookie, '')).statusCode).toBe(400);
    expect((await reject(request.id, checker.cookie, 42)).statusCode).toBe(400);
    expect((await reject(request.id, checker.cookie, 'x'.repeat(501))).statusCode).toBe(400);
    const res = await reject(request.id, checker.cookie, 'No matching wire');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { request: MoneyRequest }).request).toMatchObject({
      state: 'rejected',
      decisionReason: 'No matching wire',
      checkerName: 'Abe Approver',
    });
    const late = await approve(request.id, third.cookie);
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(t, customer)).toBe('0.00');
    expect(await recordsOf(customer.userId)).toHaveLength(0);
    const rows = await auditOf(request.id);
    expect(rows.find((r) => r.action === 'admin.money_request.reject')).toMatchObject({
      outcome: 'success',
      reason: 'No matching wire',
      actorId: checker.userId,
    });
    const rejected = await list('state=rejected', maker.cookie);
    expect(rejected.items.map((r) => r.id)).toContain(request.id);
  });

  it('with the same Idempotency-Key twice is one request', async () => {
    const customer = await signUpCustomer(t);
    const key = crypto.randomUUID();
    const first = await requested(
      await requestCredit(customer.userId, '30000.00', maker.cookie, { 'idempotency-key': key }),
    );
    const second = await requested(
      await requestCredit(customer.userId, '30000.00', maker.cookie, { 'idempotency-key': key }),
    );
    expect(second.id).toBe(first.id);
    const rows = await t.database.db
      .select()
      .from(moneyRequests)
      .where(eq(moneyRequests.userId, customer.userId));
    expect(rows).toHaveLength(1);
  });
});

describe('debits, records and edits', () => {
  it('a debit refused at approval (insufficient funds) becomes failed, with the refusal, and moves nothing', async () => {
    const customer = await signUpCustomer(t);
    await credit(t, maker.cookie, customer.userId, '100.00');
    const res = await post(`/api/admin/users/${customer.userId}/debit`, maker.cookie, {
      amount: '10000.00',
      reason: 'Cash withdrawal at branch',
    });
    const request = await requested(res);
    expect(request.kind).toBe('debit');
    const decided = await approve(request.id, checker.cookie);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as { request: MoneyRequest }).request).toMatchObject({
      state: 'failed',
      failureMessage: 'Insufficient funds for this debit.',
      recordId: null,
    });
    expect(await balanceOf(t, customer)).toBe('100.00');
    expect((await approve(request.id, third.cookie)).statusCode).toBe(409);
    const rows = await auditOf(request.id);
    expect(rows.find((r) => r.action === 'admin.money_request.approve')).toMatchObject({
      outcome: 'failure',
    });
    await expectLedgerClean();
  });

  it('a record creation above the threshold waits, then makes the record on approval', async () => {
    const customer = await signUpCustomer(t);
    const res = await post('/api/admin/transactions', maker.cookie, {
      userId: customer.userId,
      direction: 'credit',
      amount: '25000.00',
      counterpartyName: 'Acme Payroll',
      counterpartyAccount: '12345678',
      bankName: 'Chase',
      purpose: 'Bonus',
      reason: 'Payroll file from Acme',
    });
    const request = await requested(res);
    expect(request).toMatchObject({ kind: 'record_create', amount: '25000.00', userId: customer.userId });
    expect(request.payload).toMatchObject({ counterpartyName: 'Acme Payroll', direction: 'credit' });
    expect(await recordsOf(customer.userId)).toHaveLength(0);
    const decided = await approve(request.id, checker.cookie);
    expect(decided.statusCode, decided.body).toBe(200);
    const records = await recordsOf(customer.userId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ senderName: 'Acme Payroll', amountCents: 2_500_000n });
    expect(await balanceOf(t, customer)).toBe('25000.00');
  });

  it('an edit whose change reaches the threshold waits; a small edit moves directly', async () => {
    const customer = await signUpCustomer(t);
    await credit(t, maker.cookie, customer.userId, '500.00');
    const [record] = await recordsOf(customer.userId);
    if (!record) throw new Error('no record');
    const edit = (amount: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/transactions/${record.id}`,
        headers: { ...JSON_HEADERS, cookie: maker.cookie },
        payload: { amount, createdAt: record.createdAt.toISOString(), reason: 'Teller typo' },
      });
    const small = await edit('600.00');
    expect(small.statusCode, small.body).toBe(200);
    const request = await requested(await edit('10600.00'));
    expect(request).toMatchObject({ kind: 'record_edit', amount: '10000.00', recordId: record.id });
    expect(request.payload).toMatchObject({ previousAmount: '600.00', amount: '10600.00' });
    expect(await balanceOf(t, customer)).toBe('600.00');
    const decided = await approve(request.id, checker.cookie);
    expect((decided.json() as { request: MoneyRequest }).request.state).toBe('approved');
    expect(await balanceOf(t, customer)).toBe('10600.00');
    await expectLedgerClean();
  });

  it('an edit request for a record changed since is refused at approval (failed), moving nothing', async () => {
    const customer = await signUpCustomer(t);
    await credit(t, maker.cookie, customer.userId, '700.00');
    const [record] = await recordsOf(customer.userId);
    if (!record) throw new Error('no record');
    const edit = (amount: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/transactions/${record.id}`,
        headers: { ...JSON_HEADERS, cookie: maker.cookie },
        payload: { amount, createdAt: record.createdAt.toISOString(), reason: 'Teller typo' },
      });
    const request = await requested(await edit('20700.00'));
    expect((await edit('750.00')).statusCode).toBe(200);
    const decided = await approve(request.id, checker.cookie);
    expect((decided.json() as { request: MoneyRequest }).request).toMatchObject({
      state: 'failed',
      failureMessage: 'The record changed after this request was made. Make a new request.',
    });
    expect(await balanceOf(t, customer)).toBe('750.00');
  });

  it('a malformed or unknown target is refused by the direct path in its own words, not queued', async () => {
    const before = (await list('state=pending')).counts.pending;
    const unknown = await requestCredit('00000000-0000-4000-8000-000000000000', '50000.00');
    expect(unknown.statusCode).toBe(404);
    const bad = await requestCredit(alice.userId, '-50000.00');
    expect(bad.statusCode).toBe(400);
    expect((await list('state=pending')).counts.pending).toBe(before);
  });
});

describe('the queue: access, ids and input', () => {
  it('is refused to customers (403) and guests (401)', async () => {
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/requests',
      headers: { cookie: alice.cookie },
    });
    expect(customer.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/requests' });
    expect(guest.statusCode).toBe(401);
    const request = await requested(await requestCredit(alice.userId, '40000.00'));
    const byCustomer = await approve(request.id, alice.cookie);
    expect(byCustomer.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(moneyRequests).where(eq(moneyRequests.id, request.id));
    expect(row?.state).toBe('pending');
  });

  it('answers 404 for unknown and malformed ids, 400 for over-long ones and bad filters', async () => {
    expect((await approve('00000000-0000-4000-8000-000000000000', checker.cookie)).statusCode).toBe(404);
    expect((await approve('not-an-id', checker.cookie)).statusCode).toBe(404);
    expect((await approve("1' or '1'='1", checker.cookie)).statusCode).toBe(404);
    expect((await approve('a'.repeat(65), checker.cookie)).statusCode).toBe(400);
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/requests?${q}`, headers: { cookie: checker.cookie } });
    expect((await get('state=lost')).statusCode).toBe(400);
    expect((await get('limit=100000')).statusCode).toBe(400);
    expect((await get('cursor=garbage')).statusCode).toBe(400);
    expect((await get('mine=yes')).statusCode).toBe(400);
    const extra = await post(
      `/api/admin/requests/00000000-0000-4000-8000-000000000000/approve`,
      checker.cookie,
      {
        amount: '1.00',
      },
    );
    expect(extra.statusCode).toBe(400);
  });

  it('pages through a state newest first without repeats, with counts per state', async () => {
    const customer = await signUpCustomer(t);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advanceMs(1000);
      made.push((await requested(await requestCredit(customer.userId, `${10_000 + i}.00`))).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MoneyRequestPage = await list(`state=pending&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const ours = seen.filter((id) => made.includes(id));
    expect(ours).toEqual([...made].reverse());
    const counted = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(moneyRequests)
      .where(eq(moneyRequests.state, 'pending'));
    expect((await list('state=pending')).counts.pending).toBe(Number(counted[0]?.n));
  });
});

describe('MAKER_CHECKER_THRESHOLD=0: every manual movement needs approval', () => {
  it('sends even a one-cent credit for approval', async () => {
    const zero = await buildTestApp({ env: { MAKER_CHECKER_THRESHOLD: '0' } });
    try {
      const admin = await createAdmin(zero);
      const cookie = await loginAdmin(zero, admin.email, admin.password);
      const customer = await signUpCustomer(zero);
      const res = await zero.app.inject({
        method: 'POST',
        url: `/api/admin/users/${customer.userId}/credit`,
        headers: { ...JSON_HEADERS, cookie },
        payload: { amount: '0.01', reason: 'Tiny refund' },
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(await balanceOf(zero, customer)).toBe('0.00');
    } finally {
      await zero.close();
    }
  });
});

describe('the MAKER_CHECKER_THRESHOLD setting', () => {
  it('is dollars, $10,000.00 by default, and refuses anything that is not an amount', () => {
    expect(testConfig().makerCheckerThresholdCents).toBe(1_000_000n);
    expect(testConfig({ MAKER_CHECKER_THRESHOLD: '250.50' }).makerCheckerThresholdCents).toBe(25_050n);
    expect(testConfig({ MAKER_CHECKER_THRESHOLD: '0' }).makerCheckerThresholdCents).toBe(0n);
    for (const bad of ['-1', 'ten', '1.234', '1e6', '99999999999'])
      expect(() => testConfig({ MAKER_CHECKER_THRESHOLD: bad })).toThrow(/MAKER_CHECKER_THRESHOLD/);
  });
});
