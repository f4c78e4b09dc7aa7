import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_DATE_FUTURE_SKEW_MS, errorCatalogue } from '@larkspur/contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/index';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 13 point 11: an admin's record date (creation and edit) was accepted in the years 0001 and
 * 9999. It is now bounded: not after now plus RECORD_DATE_FUTURE_SKEW_MS, not before the customer's
 * account was opened; and a year no database stores is a 400, not a 500.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A customer whose account opened a day ago, an admin signed in now, and one record to edit. */
async function customerOpenedYesterday(): Promise<{
  customer: SignedUpCustomer;
  openedAt: Date;
  adminCookie: string;
  recordId: string;
}> {
  const customer = await signUpCustomer(t);
  const openedAt = t.clock.now();
  t.clock.advanceMs(DAY_MS);
  const admin = await createAdmin(t);
  const adminCookie = await loginAdmin(t, admin.email, admin.password);
  const created = await createRecord(adminCookie, customer.userId, undefined);
  expect(created.statusCode).toBe(201);
  return { customer, openedAt, adminCookie, recordId: created.json().transaction.id };
}

function createRecord(adminCookie: string, userId: string, createdAt: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/transactions',
    headers: { ...JSON_HEADERS, cookie: adminCookie },
    payload: {
      userId,
      direction: 'credit',
      amount: '100.00',
      counterpartyName: 'Acme Payroll',
      purpose: 'Salary',
      ...(createdAt === undefined ? {} : { createdAt }),
      reason: 'Backdated payroll credit',
    },
  });
}

function editRecord(adminCookie: string, recordId: string, createdAt: string, amount = '100.00') {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/transactions/${recordId}`,
    headers: { ...JSON_HEADERS, cookie: adminCookie },
    payload: { amount, createdAt, reason: 'Customer dispute resolved' },
  });
}

/** Read from the ledger: the customer's session has expired by the time of the check. */
async function balanceCents(customer: SignedUpCustomer): Promise<bigint | undefined> {
  const [row] = await t.database.db
    .select({ cents: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.userId, customer.userId));
  return row?.cents;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('admin record dates', () => {
  it.each([
    ['0001-01-01T00:00:00.000Z', 'RECORD_DATE_BEFORE_ACCOUNT'],
    ['9999-12-31T23:59:59.999Z', 'RECORD_DATE_IN_FUTURE'],
  ] as const)('refuses to create a record dated %s', async (createdAt, code) => {
    const { customer, adminCookie } = await customerOpenedYesterday();
    const res = await createRecord(adminCookie, customer.userId, createdAt);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code, message: errorCatalogue[code].message, field: 'createdAt' });
    // Nothing moved: the record of the setup is the only credit.
    expect(await balanceCents(customer)).toBe(10_000n);
  });

  it.each([
    ['0001-01-01T00:00:00.000Z', 'RECORD_DATE_BEFORE_ACCOUNT'],
    ['9999-12-31T23:59:59.999Z', 'RECORD_DATE_IN_FUTURE'],
  ] as const)('refuses to edit a record to %s, and changes nothing', async (createdAt, code) => {
    const { customer, adminCookie, recordId } = await customerOpenedYesterday();
    const res = await editRecord(adminCookie, recordId, createdAt, '50.00');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(await balanceCents(customer)).toBe(10_000n);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/transactions/${recordId}/history`,
      headers: { cookie: adminCookie },
    });
    expect(history.json().items).toHaveLength(0);
  });

  it('takes any date from the account opening to a few minutes ahead, and nothing outside', async () => {
    const { openedAt, adminCookie, recordId, customer } = await customerOpenedYesterday();
    const now = t.clock.now().getTime();
    const skewEdge = now + RECORD_DATE_FUTURE_SKEW_MS;
    for (const at of [openedAt.getTime(), now - 5 * MINUTE_MS, skewEdge]) {
      const res = await editRecord(adminCookie, recordId, iso(at));
      expect(res.statusCode, iso(at)).toBe(200);
      expect(res.json().transaction.createdAt).toBe(iso(at));
    }
    expect((await editRecord(adminCookie, recordId, iso(openedAt.getTime() - 1))).json().error.code).toBe(
      'RECORD_DATE_BEFORE_ACCOUNT',
    );
    expect((await editRecord(adminCookie, recordId, iso(skewEdge + 1))).json().error.code).toBe(
      'RECORD_DATE_IN_FUTURE',
    );
    expect((await createRecord(adminCookie, customer.userId, iso(skewEdge + 1))).statusCode).toBe(400);
    expect((await createRecord(adminCookie, customer.userId, iso(openedAt.getTime()))).statusCode).toBe(201);
  });

  it.each(['0000-06-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:30:00-01:00'])(
    'answers a date outside the years 0001–9999 once in UTC (%s) with a 400, not a 500',
    async (createdAt) => {
      const { customer, adminCookie, recordId } = await customerOpenedYesterday();
      for (const res of [
        await createRecord(adminCookie, customer.userId, createdAt),
        await editRecord(adminCookie, recordId, createdAt),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.field).toBe('createdAt');
      }
    },
  );
});
