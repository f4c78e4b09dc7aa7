import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, MovementResponse } from '@larkspur/contract';
import { profiles } from '../../db/schema/index';
import { balanceOf } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { verifyLedger } from '../ledger/verify';

/**
 * Finding 3 of issue 27 (decision 0188): maker-checker must not be avoided by splitting. Manual
 * money moved without a checker is added up over a rolling window (24 hours here, the default),
 * per maker and per customer; the movement that would take either total to the threshold
 * ($10,000.00) becomes a request (202). Before the fix every piece below passed directly (201).
 */

const WINDOW_HOURS = 24;
let t: TestApp;

async function staffMember(role: 'operator' | 'approver' | 'administrator') {
  const admin = await createAdmin(t, undefined, undefined, role);
  await t.database.db
    .update(profiles)
    .set({ firstName: 'Split', surname: role })
    .where(eq(profiles.userId, admin.userId));
  return {
    userId: admin.userId,
    cookie: await loginAdmin(t, admin.email, admin.password),
    signInAgain: () => loginAdmin(t, admin.email, admin.password),
  };
}

function post(url: string, cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
}

const credit = (cookie: string, userId: string, amount: string) =>
  post(`/api/admin/users/${userId}/credit`, cookie, { amount, reason: 'Cash at the counter' });

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);

beforeAll(async () => {
  t = await buildTestApp({ env: { MAKER_CHECKER_WINDOW_HOURS: String(WINDOW_HOURS) } });
});
afterAll(async () => {
  await t.close();
});

describe('splitting a movement under the threshold', () => {
  it('one operator, one customer, one after another: the piece reaching the threshold is a request', async () => {
    const operator = await staffMember('operator');
    const alice = await signUpCustomer(t);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await credit(operator.cookie, alice.userId, '3000.00'));
    // 3000 + 3000 + 3000 = 9000 moves; the fourth would make 12000 ≥ 10000.
    expect(statuses(answers)).toEqual([201, 201, 201, 202]);
    const request = (answers[3]?.json() as { request: MoneyRequest }).request;
    expect(request).toMatchObject({ state: 'pending', amount: '3000.00', makerId: operator.userId });
    expect(await balanceOf(t, alice)).toBe('9000.00');
  });

  it('just under the threshold twice: the second is a request', async () => {
    const administrator = await staffMember('administrator');
    const bob = await signUpCustomer(t);
    const first = await credit(administrator.cookie, bob.userId, '9999.99');
    const second = await credit(administrator.cookie, bob.userId, '9999.99');
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 202]);
    expect(await balanceOf(t, bob)).toBe('9999.99');
  });

  it('in parallel (Promise.all): the window total never reaches the threshold', async () => {
    const operator = await staffMember('operator');
    const carol = await signUpCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => credit(operator.cookie, carol.userId, '3000.00')),
    );
    const direct = answers.filter((a) => a.statusCode === 201);
    const queued = answers.filter((a) => a.statusCode === 202);
    expect(direct.length + queued.length, statuses(answers).join(',')).toBe(6);
    expect(direct).toHaveLength(3);
    expect(queued).toHaveLength(3);
    expect(await balanceOf(t, carol)).toBe('9000.00');
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('split across two customers by one maker: the maker total counts', async () => {
    const operator = await staffMember('operator');
    const [dan, erin] = [await signUpCustomer(t), await signUpCustomer(t)];
    const first = await credit(operator.cookie, dan.userId, '6000.00');
    const second = await credit(operator.cookie, erin.userId, '6000.00');
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 202]);
    expect(await balanceOf(t, erin)).toBe('0.00');
  });

  it('split across two customers in parallel: still one maker total', async () => {
    const operator = await staffMember('operator');
    const people: SignedUpCustomer[] = [];
    for (let i = 0; i < 4; i += 1) people.push(await signUpCustomer(t));
    const answers = await Promise.all(people.map((p) => credit(operator.cookie, p.userId, '4000.00')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(2);
  });

  it('split across two makers on one customer: the customer total counts', async () => {
    const [one, two] = [await staffMember('operator'), await staffMember('administrator')];
    const frank = await signUpCustomer(t);
    const first = await credit(one.cookie, frank.userId, '6000.00');
    const second = await credit(two.cookie, frank.userId, '6000.00');
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 202]);
    expect(await balanceOf(t, frank)).toBe('6000.00');
  });

  it('two makers on one customer in parallel: the customer total holds under the race', async () => {
    const makers = [
      await staffMember('operator'),
      await staffMember('operator'),
      await staffMember('approver'),
    ];
    const gina = await signUpCustomer(t);
    const answers = await Promise.all(
      [...makers, ...makers].map((m) => credit(m.cookie, gina.userId, '3000.00')),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(3);
    expect(await balanceOf(t, gina)).toBe('9000.00');
  });

  it('debits, records and record edits count in the same total', async () => {
    const operator = await staffMember('operator');
    const hal = await signUpCustomer(t);
    const credited = await credit(operator.cookie, hal.userId, '4000.00');
    expect(credited.statusCode).toBe(201);
    const recordId = (credited.json() as MovementResponse).transaction.id;
    const debit = await post(`/api/admin/users/${hal.userId}/debit`, operator.cookie, {
      amount: '3000.00',
      reason: 'Cash withdrawn',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    // 7000 so far: an edit raising the credit by 3000 (to 7000) reaches 10000.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/transactions/${recordId}`,
      headers: { ...JSON_HEADERS, cookie: operator.cookie },
      payload: {
        amount: '7000.00',
        createdAt: (credited.json() as MovementResponse).transaction.createdAt,
        reason: 'Counted again',
      },
    });
    expect(edit.statusCode, edit.body).toBe(202);
    const record = await post('/api/admin/transactions', operator.cookie, {
      userId: hal.userId,
      direction: 'credit',
      amount: '2999.99',
      counterpartyName: 'Payroll Inc',
      counterpartyAccount: '123456789',
      bankName: 'Other Bank',
      purpose: 'Salary',
      reason: 'Missing deposit',
    });
    expect(record.statusCode, record.body).toBe(201);
    const oneMore = await credit(operator.cookie, hal.userId, '0.01');
    expect(oneMore.statusCode, oneMore.body).toBe(202);
  });

  it('forgets movements older than the window', async () => {
    const operator = await staffMember('operator');
    const ivy = await signUpCustomer(t);
    expect((await credit(operator.cookie, ivy.userId, '9000.00')).statusCode).toBe(201);
    expect((await credit(operator.cookie, ivy.userId, '2000.00')).statusCode).toBe(202);
    t.clock.advanceMs(WINDOW_HOURS * 3_600_000 + 1000);
    // A day later the session has ended too: the operator signs in again.
    const cookie = await operator.signInAgain();
    const later = await credit(cookie, ivy.userId, '2000.00');
    expect(later.statusCode, later.body).toBe(201);
  });

  it('does not count pending requests: a big request leaves small corrections direct', async () => {
    const operator = await staffMember('operator');
    const jo = await signUpCustomer(t);
    expect((await credit(operator.cookie, jo.userId, '50000.00')).statusCode).toBe(202);
    expect((await credit(operator.cookie, jo.userId, '100.00')).statusCode).toBe(201);
  });

  it('counts a replayed Idempotency-Key once', async () => {
    const operator = await staffMember('operator');
    const kim = await signUpCustomer(t);
    const keyed = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${kim.userId}/credit`,
        headers: { ...JSON_HEADERS, cookie: operator.cookie, 'idempotency-key': 'window-replay-1' },
        payload: { amount: '5000.00', reason: 'Cash at the counter' },
      });
    const [first, second] = await Promise.all([keyed(), keyed()]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    expect((await credit(operator.cookie, kim.userId, '4999.99')).statusCode).toBe(201);
    expect((await credit(operator.cookie, kim.userId, '0.01')).statusCode).toBe(202);
  });
});
