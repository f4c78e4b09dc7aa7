import { formatCents } from '@larkspur/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { credit } from '../../test/banking';
import {
  createAdmin,
  JSON_HEADERS,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { verifyLedger } from './verify';

/**
 * Issue 15, decision 0178: an admin's cash credit or debit and an admin-made record are one call
 * of `lb_move_with_system` each — the key's replay, the locks, the refusals, the posting, the audit
 * row and the stored answer — where they were a key look-up and a transaction of five to seven
 * statements. What the call must keep: one answer per key, a refusal remembered by its key, no
 * money spent twice, and the audit row with the balances.
 */
let t: TestApp;
let adminCookie: string;
let customer: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  customer = await signUpCustomer(t);
  await credit(t, adminCookie, customer.userId, '100.00');
});

afterAll(async () => {
  await t?.close();
});

function post(path: string, payload: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin${path}`,
    headers: { ...JSON_HEADERS, cookie: adminCookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/** The database calls the app's primary handle made while `fn` ran: movement calls and transactions. */
async function callsDuring<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; movements: string[]; transactions: number }> {
  const db = t.database.db;
  const execute = db.execute.bind(db);
  const transaction = db.transaction.bind(db);
  const movements: string[] = [];
  let transactions = 0;
  const executeSpy = vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
    const name = /\b(lb_[a-z_]+)/.exec(JSON.stringify(query.queryChunks))?.[1];
    if (name) movements.push(name);
    return execute(query);
  }) as typeof db.execute);
  const transactionSpy = vi.spyOn(db, 'transaction').mockImplementation(((
    ...args: Parameters<typeof db.transaction>
  ) => {
    transactions += 1;
    return transaction(...args);
  }) as typeof db.transaction);
  try {
    return { result: await fn(), movements, transactions };
  } finally {
    executeSpy.mockRestore();
    transactionSpy.mockRestore();
  }
}

/** The customer's balance as the ledger holds it ("12.34"). */
async function balanceOfCustomer(): Promise<string> {
  const result = (await t.database.db.execute(
    sql`select balance_cents::text as cents from accounts where user_id = ${customer.userId}::uuid`,
  )) as unknown as { rows: { cents: string }[] };
  return formatCents(BigInt(result.rows[0]?.cents ?? '0'));
}

describe('money between a customer and the bank is one call', () => {
  it.each([
    ['an admin credit', `/users/{user}/credit`, { amount: '12.34', reason: 'Cash counted' }],
    ['an admin debit', `/users/{user}/debit`, { amount: '2.34', reason: 'Fee' }],
    [
      'an admin-made record',
      '/transactions',
      {
        userId: '{user}',
        direction: 'credit',
        amount: '5.00',
        counterpartyName: 'Payroll Inc',
        counterpartyAccount: '123456789',
        bankName: 'Other Bank',
        purpose: 'Salary',
        reason: 'Missing deposit',
      },
    ],
  ])(
    '%s: one call, no transaction opened in Node, and its retry replays in one call',
    async (_, path, body) => {
      const fill = (value: unknown) => (value === '{user}' ? customer.userId : value);
      const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]));
      const url = path.replace('{user}', customer.userId);
      const key = `one-call-${crypto.randomUUID()}`;
      const first = await callsDuring(() => post(url, payload, key));
      expect(first.result.statusCode, first.result.body).toBe(201);
      expect(first.movements).toEqual(['lb_move_with_system']);
      expect(first.transactions).toBe(0);

      const again = await callsDuring(() => post(url, payload, key));
      expect(again.result.statusCode).toBe(201);
      expect(again.result.json()).toEqual(first.result.json());
      expect(again.movements).toEqual(['lb_move_with_system']);
      expect(again.transactions).toBe(0);
    },
  );

  it('answers a burst of one key once, with one posting', async () => {
    const key = `burst-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(`/users/${customer.userId}/credit`, { amount: '1.00', reason: 'Burst' }, key),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((a) => (a.json() as { transaction: { id: string } }).transaction.id));
    expect(ids.size).toBe(1);
    const audits = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'admin.credit' and reason = 'Burst'`,
    );
    expect((audits as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it('lets one of several whole-balance debits through, and remembers each refusal by its key', async () => {
    const balance = await balanceOfCustomer();
    const keys = Array.from({ length: 6 }, (_, i) => `whole-${i}-${crypto.randomUUID()}`);
    const answers = await Promise.all(
      keys.map((key) => post(`/users/${customer.userId}/debit`, { amount: balance, reason: 'Whole' }, key)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    for (const answer of refused)
      expect((answer.json() as { error: { code: string } }).error.code).toBe('INSUFFICIENT_FUNDS_FOR_DEBIT');
    // A refused key answers the same again, even now that money could have arrived.
    await credit(t, adminCookie, customer.userId, '500.00');
    const index = answers.findIndex((a) => a.statusCode !== 201);
    const retry = await post(
      `/users/${customer.userId}/debit`,
      { amount: balance, reason: 'Whole' },
      keys[index],
    );
    expect(retry.statusCode).toBe(refused[0]?.statusCode);
    expect(retry.json()).toEqual(answers[index]?.json());
    expect((await verifyLedger(t.database.db)).violations).toEqual([]);
  });

  it('writes the audit row with the balances before and after', async () => {
    const before = BigInt((await balanceOfCustomer()).replace('.', ''));
    const res = await post(`/users/${customer.userId}/credit`, { amount: '0.01', reason: 'Audit me' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { balance: string; transaction: { transactionId: string } };
    const rows = (await t.database.db.execute(
      sql`select details from audit_log where action = 'admin.credit' and reason = 'Audit me'`,
    )) as unknown as { rows: { details: Record<string, unknown> }[] };
    expect(rows.rows[0]?.details).toMatchObject({
      transactionId: body.transaction.transactionId,
      amount: '0.01',
      before: { balance: formatCents(before) },
      after: { balance: formatCents(before + 1n) },
    });
  });
});
