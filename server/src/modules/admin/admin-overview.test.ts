import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@larkspur/contract';
import { loanApplications } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { adminGet, adminPatch } from '../../test/admin-fixtures';

/**
 * One known fixture in a database of its own, and the overview's every figure checked against it.
 * "Today" is 2026-03-10 (UTC); the 7-day window starts 2026-03-04.
 */
let t: TestApp;
let admin: { userId: string; email: string; password: string };
let a: SignedUpCustomer;
let b: SignedUpCustomer;
let c: SignedUpCustomer;
let d: SignedUpCustomer;
let e: SignedUpCustomer;

/**
 * Moves the clock and signs the admin in again (sessions idle out after 15 minutes); one sign-in
 * per instant, since a second code within 30 seconds is refused.
 */
const cookies = new Map<string, string>();
async function adminAt(iso: string): Promise<string> {
  t.clock.set(new Date(iso));
  const known = cookies.get(iso);
  if (known) return known;
  const cookie = await loginAdmin(t, admin.email, admin.password);
  cookies.set(iso, cookie);
  return cookie;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-01T08:00:00.000Z'));
  admin = await createAdmin(t);
  a = await signUpCustomer(t, { firstName: 'Alice' });
  b = await signUpCustomer(t, { firstName: 'Bob' });
  c = await signUpCustomer(t, { firstName: 'Cleo' });
  d = await signUpCustomer(t, { firstName: 'Dan' });
  e = await signUpCustomer(t, { firstName: 'Eve' });

  // Eight days before today: outside every window, inside the balances.
  await credit(t, await adminAt('2026-03-02T12:00:00.000Z'), a.userId, '1000.00');
  // Three days before: in the 7-day window only.
  await credit(t, await adminAt('2026-03-07T10:00:00.000Z'), b.userId, '200.00');
  // Today.
  await credit(t, await adminAt('2026-03-10T09:00:00.000Z'), c.userId, '50.25');
  t.clock.set(new Date('2026-03-10T09:05:00.000Z'));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: JSON_HEADERS,
    payload: { accountNumber: a.accountNumber, password: a.password },
  });
  const moved = await transfer(
    t,
    { cookie: sessionCookie(login) },
    {
      recipientAccount: b.accountNumber,
      amount: '100.00',
    },
  );
  expect(moved.statusCode).toBe(201);
  const cookie = await adminAt('2026-03-10T09:10:00.000Z');
  const debit = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${a.userId}/debit`,
    headers: { ...JSON_HEADERS, cookie },
    payload: { amount: '10.00', reason: 'Cash withdrawal at branch' },
  });
  expect(debit.statusCode).toBe(201);
  // A record dated back to the 2nd (an admin may set the business date, not in the future nor
  // before the account opened, issue 13 point 11): in the balances, in no window.
  const backdated = await t.app.inject({
    method: 'POST',
    url: '/api/admin/transactions',
    headers: { ...JSON_HEADERS, cookie },
    payload: {
      userId: c.userId,
      direction: 'credit',
      amount: '5.00',
      counterpartyName: 'Payroll',
      createdAt: '2026-03-02T08:00:00.000Z',
      reason: 'Scheduled payroll credit',
    },
  });
  expect(backdated.statusCode).toBe(201);
  expect(
    (await adminPatch(t, cookie, d.userId, { status: 'suspended', reason: 'Fraud check' })).statusCode,
  ).toBe(200);
  t.clock.set(new Date('2026-03-10T09:11:00.000Z'));
  expect(
    (await adminPatch(t, cookie, e.userId, { status: 'closed', reason: 'Customer request' })).statusCode,
  ).toBe(200);

  await t.database.db.insert(loanApplications).values([
    {
      userId: a.userId,
      source: 'application',
      loanType: 'Auto Loan',
      amountCents: 1_500_000n,
      termMonths: 36,
    },
    {
      userId: b.userId,
      source: 'application',
      loanType: 'Personal Loan',
      amountCents: 300_000n,
      termMonths: 12,
    },
    {
      userId: b.userId,
      source: 'application',
      loanType: 'Mortgage',
      amountCents: 30_000_000n,
      status: 'Under Review',
    },
    ...['Ann Visitor', 'Ben Visitor', 'Cat Visitor'].map((contactName) => ({
      source: 'inquiry' as const,
      loanType: 'Personal Loan',
      amountCents: 500_000n,
      contactName,
      contactEmail: 'visitor@example.test',
      contactPhone: '+1 415 555 0100',
    })),
    {
      source: 'inquiry' as const,
      loanType: 'Auto Loan',
      amountCents: 500_000n,
      status: 'Rejected' as const,
      contactName: 'Old Inquiry',
      contactEmail: 'old@example.test',
      contactPhone: '+1 415 555 0101',
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function overview(cookie: string): Promise<AdminOverview> {
  const res = await adminGet(t, cookie, '/api/admin/overview');
  expect(res.statusCode).toBe(200);
  return res.json() as AdminOverview;
}

describe('GET /api/admin/overview', () => {
  it('counts customers by status, never admins', async () => {
    const body = await overview(await adminAt('2026-03-10T15:00:00.000Z'));
    expect(body.asOf).toBe('2026-03-10T15:00:00.000Z');
    expect(body.customers).toEqual({ total: 5, active: 3, suspended: 1, closed: 1 });
  });

  it('sums every customer balance: 890.00 + 300.00 + 55.25', async () => {
    const body = await overview(await adminAt('2026-03-10T15:00:00.000Z'));
    expect(body.balances).toEqual({ total: '1245.25', currency: 'USD' });
  });

  it('totals movements by type for today and for the last 7 days, a transfer once, excluding other days', async () => {
    const body = await overview(await adminAt('2026-03-10T15:00:00.000Z'));
    expect(body.volume.today).toEqual({
      from: '2026-03-10T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
      // Three movements: Cleo's credit, Alice's transfer to Bob (one movement, though it wrote a
      // record on each side), the withdrawal.
      count: 3,
      byType: [
        { type: 'Deposit', count: 1, amount: '50.25' },
        { type: 'Local Transfer', count: 1, amount: '100.00' },
        { type: 'Withdrawal', count: 1, amount: '10.00' },
      ],
    });
    expect(body.volume.last7Days).toEqual({
      from: '2026-03-04T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
      count: 4,
      byType: [
        { type: 'Deposit', count: 2, amount: '250.25' },
        { type: 'Local Transfer', count: 1, amount: '100.00' },
        { type: 'Withdrawal', count: 1, amount: '10.00' },
      ],
    });
  });

  it('moves its windows with the clock', async () => {
    // Two days on: today is empty; the window starts 2026-03-06, so it still holds Bob's credit of
    // the 7th; the record dated the 2nd stays outside.
    // Another admin: signing the fixture's admin in days later would end its earlier sessions.
    const viewer = await createAdmin(t);
    t.clock.set(new Date('2026-03-12T01:00:00.000Z'));
    const body = await overview(await loginAdmin(t, viewer.email, viewer.password));
    expect(body.volume.today).toMatchObject({ count: 0, byType: [] });
    expect(body.volume.last7Days.from).toBe('2026-03-06T00:00:00.000Z');
    expect(body.volume.last7Days.byType).toEqual([
      { type: 'Deposit', count: 2, amount: '250.25' },
      { type: 'Local Transfer', count: 1, amount: '100.00' },
      { type: 'Withdrawal', count: 1, amount: '10.00' },
    ]);
    t.clock.set(new Date('2026-03-14T12:00:00.000Z'));
    const later = await overview(await loginAdmin(t, viewer.email, viewer.password));
    // From 2026-03-08: Bob's credit of the 7th has left the window.
    expect(later.volume.last7Days.byType[0]).toEqual({ type: 'Deposit', count: 1, amount: '50.25' });
  });

  it('counts pending loan applications and pending inquiries apart', async () => {
    const body = await overview(await adminAt('2026-03-10T15:00:00.000Z'));
    expect(body.loans).toEqual({ pendingApplications: 2, pendingInquiries: 3 });
  });

  it('lists the 10 newest admin actions, newest first, with who did them', async () => {
    const cookie = await adminAt('2026-03-10T15:00:00.000Z');
    const before = await overview(cookie);
    expect(before.recentAdminActions.map((row) => row.action)).toEqual([
      'admin.user_update',
      'admin.user_update',
      'admin.record_create',
      'admin.debit',
      'admin.credit',
      'admin.credit',
      'admin.credit',
    ]);
    expect(before.recentAdminActions[0]).toMatchObject({
      actorId: admin.userId,
      actorName: 'Ada Admin',
      actorRole: 'admin',
      subjectId: e.userId,
      reason: 'Customer request',
      details: { before: { status: 'active' }, after: { status: 'closed' } },
    });

    for (let i = 1; i <= 5; i++) {
      t.clock.advanceMs(1_000);
      const res = await adminPatch(t, cookie, c.userId, { occupation: `Job ${i}`, reason: 'Career change' });
      expect(res.statusCode).toBe(200);
    }
    const after = await overview(cookie);
    expect(after.recentAdminActions).toHaveLength(10);
    expect(after.recentAdminActions.slice(0, 5).map((row) => row.details?.after)).toEqual(
      [5, 4, 3, 2, 1].map((i) => ({ occupation: `Job ${i}` })),
    );
    expect(after.recentAdminActions.at(-1)?.action).toBe('admin.credit');
  });
});
