import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { depositHolds } from '../../../db/schema/index';
import { checkMicr, checkPhotos } from '../../../test/check-images';
import {
  errorCatalogue,
  isValidAbaRoutingNumber,
  statementMonthOf,
  type CustomerTransactionRecord,
} from '@larkspur/contract';
import { credit, transfer } from '../../../test/banking';
import {
  JSON_HEADERS,
  cookieJar,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../../test/identity';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { DOCUMENT_DOWNLOADS_PER_MINUTE } from './document-routes';
import { readMonthlyStatement, parseStatementMonth } from './monthly-statement';
import { FIRST_PAGE_ROWS, NEXT_PAGE_ROWS, statementPageCount } from './statement-pdf';

/**
 * Issue 18: the monthly statement and the receipt as PDF, read back with pdftotext (poppler-utils)
 * and checked against the ledger (postings) and the API's own balances; the running balance of the
 * transactions list under filters and keyset pages; IDOR, bad months, guests.
 */

let t: TestApp;
let adminCookie: string;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-pdf-'));

beforeAll(async () => {
  t = await buildTestApp();
  // The clock starts on 2026-01-15: Alice and Bob open their accounts in January.
  alice = await signUpCustomer(t, { firstName: 'Alice', surname: 'Zoë Liddell' });
  bob = await signUpCustomer(t, { firstName: 'Bob', surname: 'Marley' });
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The text of a PDF, as `pdftotext -layout` reads it. */
function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Signs in again after the clock moved past the session's lifetime (trusted device, no code). */
async function relogin(customer: SignedUpCustomer): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...JSON_HEADERS, cookie: customer.browser },
    payload: { accountNumber: customer.accountNumber, password: customer.password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  customer.cookie = sessionCookie(res);
  customer.browser = cookieJar(res, customer.browser);
}

async function moveClockTo(iso: string): Promise<void> {
  t.clock.set(new Date(iso));
  adminCookie = await loginAdmin(t, ...(await adminLogin()));
  await relogin(alice);
  await relogin(bob);
}
let adminCredentials: [string, string] | null = null;
async function adminLogin(): Promise<[string, string]> {
  if (!adminCredentials) {
    const admin = await createAdmin(t);
    adminCredentials = [admin.email, admin.password];
  }
  return adminCredentials;
}

const get = (customer: Pick<SignedUpCustomer, 'cookie'> | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: customer ? { cookie: customer.cookie } : {} });

async function statement(month: string, customer = alice): Promise<string> {
  const res = await get(customer, `/api/me/statements/${month}.pdf`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="larkspur-statement-${month}.pdf"`);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

/** The account's balance at an instant, from the journal: the sum of its postings before it. */
async function ledgerBalanceAt(userId: string, at: Date): Promise<string> {
  const result = (await t.database.db.execute(
    sql`select coalesce(sum(p.amount_cents), 0)::text as cents from postings p
        join accounts a on a.id = p.account_id where a.user_id = ${userId}::uuid and p.created_at < ${at.toISOString()}::timestamptz`,
  )) as unknown as { rows: { cents: string }[] };
  const cents = BigInt(result.rows[0]?.cents ?? '0');
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * The summary box: its labels on one line, its four amounts on the next, in order. Checked against
 * the table's own opening and closing rows, so the two never disagree.
 */
function summary(text: string): {
  opening: string;
  moneyIn: string;
  moneyOut: string;
  closing: string;
  credits: number;
  debits: number;
} {
  const lines = text.split('\n');
  const at = lines.findIndex((line) =>
    /Opening balance\s+Money in \(\d+\)\s+Money out \(\d+\)\s+Closing balance/.test(line),
  );
  expect(at, 'a summary').toBeGreaterThanOrEqual(0);
  const counts = /Money in \((\d+)\)\s+Money out \((\d+)\)/.exec(lines[at] ?? '');
  const values = lines
    .slice(at + 1)
    .find((line) => line.trim() !== '')
    ?.match(/-?\$[\d,]+\.\d{2}/g);
  expect(values).toHaveLength(4);
  const [opening = '', moneyIn = '', moneyOut = '', closing = ''] = values ?? [];
  const rows = lines.slice(at + 2).join('\n');
  expect(amountAfter(rows, 'Opening balance')).toBe(opening);
  expect(amountAfter(rows, 'Closing balance')).toBe(closing);
  return { opening, moneyIn, moneyOut, closing, credits: Number(counts?.[1]), debits: Number(counts?.[2]) };
}

/** "Label   $1,234.56" on one line of the layout text. */
function amountAfter(text: string, label: string): string | null {
  const match = new RegExp(`${label}[^$\\n]*(\\$[\\d,]+\\.\\d{2})`).exec(text);
  return match?.[1] ?? null;
}

async function listAll(customer: SignedUpCustomer, query: string, limit: number) {
  const items: CustomerTransactionRecord[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/me/transactions?limit=${limit}${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await get(customer, url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: CustomerTransactionRecord[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('monthly statement PDF', () => {
  const balances: Record<string, string> = {};

  beforeAll(async () => {
    // January: 1,000.00 in. February: 200.00 to Bob, 50.25 in. March (to date): 120.00 to Bob.
    balances.jan = await credit(t, adminCookie, alice.userId, '1000.00');
    await moveClockTo('2026-02-10T09:00:00.000Z');
    const sent = await transfer(t, alice, { amount: '200.00', recipientAccount: bob.accountNumber });
    expect(sent.statusCode, sent.body).toBe(201);
    balances.febTransferId = (
      sent.json() as { transaction: { transactionId: string } }
    ).transaction.transactionId;
    t.clock.advanceMs(60_000);
    balances.feb = await credit(t, adminCookie, alice.userId, '50.25');
    await moveClockTo('2026-03-05T09:00:00.000Z');
    const again = await transfer(t, alice, { amount: '120.00', recipientAccount: bob.accountNumber });
    expect(again.statusCode, again.body).toBe(201);
    balances.mar = (again.json() as { balance: string }).balance;
  });

  it('states opening, money in and out, closing: equal to the journal at the month’s ends', async () => {
    const feb = await statement('2026-02');
    expect(summary(feb)).toEqual({
      opening: await ledgerBalanceAt(alice.userId, new Date('2026-02-01T00:00:00Z')),
      moneyIn: '$50.25',
      moneyOut: '$200.00',
      closing: await ledgerBalanceAt(alice.userId, new Date('2026-03-01T00:00:00Z')),
      credits: 1,
      debits: 1,
    });
    expect(summary(feb).opening).toBe('$1,000.00');
    expect(summary(feb).closing).toBe('$850.25');
    expect(balances.feb).toBe('850.25');

    const jan = await statement('2026-01');
    expect(summary(jan)).toMatchObject({
      opening: '$0.00',
      moneyIn: '$1,000.00',
      moneyOut: '$0.00',
      closing: '$1,000.00',
    });
  });

  it('lists every record with the balance after it, oldest first, and the bank’s and holder’s details', async () => {
    const feb = await statement('2026-02');
    const lines = feb.split('\n');
    const transferLine = lines.find((line) => line.includes('Local Transfer'));
    const depositLine = lines.find((line) => line.includes('· Deposit'));
    expect(transferLine).toMatch(/\$200\.00\s+\$800\.00$/);
    // The whole reference, however long, on the line below the description.
    expect(feb).toContain(balances.febTransferId);
    expect(depositLine).toMatch(/\$50\.25\s+\$850\.25$/);
    expect(lines.indexOf(transferLine ?? '')).toBeGreaterThan(0);
    expect(lines.indexOf(transferLine ?? '')).toBeLessThan(lines.indexOf(depositLine ?? ''));
    expect(feb).toContain('Larkspur Bank');
    expect(feb).toContain('PO Box 4090');
    expect(feb).toMatch(/Routing number 323274005/);
    expect(isValidAbaRoutingNumber('323274005')).toBe(true);
    // The name as typed, accents included: the font is embedded.
    expect(feb).toContain('Alice Zoë Liddell');
    expect(feb).toContain(alice.accountNumber);
    expect(feb).toContain('Page 1 of 1');
    // The screens' date style (issue 28), whole in the date column (never cut with an ellipsis).
    expect(feb).toContain('Feb 1, 2026 – Feb 28, 2026');
    expect(transferLine?.trim()).toMatch(/^Feb 10, 2026\s/);
  });

  it('gives the current month to date, closing at the current balance', async () => {
    const mar = await statement('2026-03');
    expect(mar).toContain('(month to date)');
    expect(amountAfter(mar, 'Opening balance')).toBe('$850.25');
    expect(amountAfter(mar, 'Closing balance')).toBe('$730.25');
    expect(balances.mar).toBe('730.25');
  });

  it('refuses a month that has not begun, one before the account opened, and what is not a month', async () => {
    const future = await get(alice, '/api/me/statements/2026-04.pdf');
    expect(future.statusCode).toBe(404);
    expect(future.json().error.message).toBe(errorCatalogue.STATEMENT_MONTH_UNAVAILABLE.message);
    const before = await get(alice, '/api/me/statements/2025-12.pdf');
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('STATEMENT_MONTH_UNAVAILABLE');
    for (const early of ['0001-01', '0999-12', '1969-12'])
      expect((await get(alice, `/api/me/statements/${early}.pdf`)).statusCode, early).toBe(404);
    expect((await get(alice, '/api/me/statements/9999-12.pdf')).statusCode).toBe(404);
    for (const bad of ['2026-13', '2026-00', '26-01', 'abcd-ef', '0000-01', '2026-1']) {
      const res = await get(alice, `/api/me/statements/${bad}.pdf`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message, bad).toBe(errorCatalogue.STATEMENT_MONTH_INVALID.message);
    }
    for (const long of ['2026-02%20', '%00%00'])
      expect((await get(alice, `/api/me/statements/${long}.pdf`)).statusCode).toBe(400);
    // Past the router's longest parameter: no route, a plain 404.
    expect((await get(alice, `/api/me/statements/${'2'.repeat(5000)}.pdf`)).statusCode).toBe(404);
  });

  it('is refused to a guest, and each customer gets only their own', async () => {
    expect((await get(null, '/api/me/statements/2026-02.pdf')).statusCode).toBe(401);
    const bobs = await statement('2026-02', bob);
    expect(bobs).toContain('Bob Marley');
    expect(bobs).not.toContain(alice.accountNumber);
    expect(bobs).toContain(bob.accountNumber);
    expect(summary(bobs)).toMatchObject({ moneyIn: '$200.00', credits: 1 });
  });

  it('moves a backdated record into its month: every month still chains opening to closing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transactions',
      headers: { ...JSON_HEADERS, cookie: adminCookie },
      payload: {
        userId: alice.userId,
        direction: 'debit',
        amount: '10.00',
        counterpartyName: 'Corner Shop',
        purpose: 'Backdated card payment',
        createdAt: '2026-01-20T10:00:00.000Z',
        reason: 'Late settlement',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const jan = await statement('2026-01');
    const feb = await statement('2026-02');
    const mar = await statement('2026-03');
    expect(amountAfter(jan, 'Closing balance')).toBe('$990.00');
    expect(amountAfter(feb, 'Opening balance')).toBe('$990.00');
    expect(amountAfter(feb, 'Closing balance')).toBe(amountAfter(mar, 'Opening balance'));
    expect(amountAfter(mar, 'Closing balance')).toBe('$720.25');
  });

  it('numbers the pages of a long month, the same count the layout planned', async () => {
    const carol = await signUpCustomer(t, { firstName: 'Carol', surname: 'Many' });
    const count = FIRST_PAGE_ROWS + NEXT_PAGE_ROWS + 5;
    for (let i = 0; i < count; i++) await credit(t, adminCookie, carol.userId, '1.01');
    const pages = statementPageCount(count + 2);
    expect(pages).toBe(3);
    const text = await statement('2026-03', carol);
    expect(text).toContain('Page 1 of 3');
    expect(text).toContain('Page 3 of 3');
    expect(text).not.toContain('Page 4 of');
    expect(summary(text)).toMatchObject({
      opening: '$0.00',
      moneyIn: `$${(count * 1.01).toFixed(2)}`,
      closing: `$${(count * 1.01).toFixed(2)}`,
      credits: count,
    });
  });

  it('caps the listed records but not the totals, and says so', async () => {
    const full = await readMonthlyStatement(t.database.readDb, alice.userId, parseStatementMonth('2026-02'));
    const capped = await readMonthlyStatement(
      t.database.readDb,
      alice.userId,
      parseStatementMonth('2026-02'),
      1,
    );
    expect(full?.lines).toHaveLength(2);
    expect(capped?.lines).toHaveLength(1);
    expect(capped?.recordCount).toBe(2);
    expect(capped?.closingCents).toBe(full?.closingCents);
    expect(capped?.moneyInCents).toBe(full?.moneyInCents);
    expect(capped?.lines[0]?.balanceAfterCents).toBe(full?.lines[0]?.balanceAfterCents);
  });

  it('two statements at once, during a transfer, each add up', async () => {
    const [a, b] = await Promise.all([
      statement('2026-03'),
      statement('2026-03'),
      transfer(t, alice, { amount: '0.25', recipientAccount: bob.accountNumber }),
    ]);
    for (const text of [a, b]) {
      const closing = amountAfter(text, 'Closing balance');
      expect(['$720.25', '$720.00']).toContain(closing);
    }
  });
});

describe('receipt PDF', () => {
  it('is the record’s receipt, with the balance after it; another customer’s id is a 404', async () => {
    // A moment after the other records: records at one instant are ordered by id (decision 0162).
    t.clock.advanceMs(60_000);
    const sent = await transfer(t, alice, {
      amount: '1.50',
      recipientAccount: bob.accountNumber,
      purpose: 'Coffee',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { transaction, balance } = sent.json() as {
      transaction: { id: string; transactionId: string };
      balance: string;
    };
    const res = await get(alice, `/api/me/transactions/${transaction.id}/receipt.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="larkspur-receipt-${transaction.transactionId}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain(transaction.transactionId);
    expect(text).toContain('Transaction receipt');
    expect(text).toMatch(/−\$1\.50 USD/);
    expect(text).toContain('Coffee');
    expect(text).toContain(bob.accountNumber);
    // The name check made when it was sent (decision 0155): "Someone" is not Bob's name.
    expect(text).toContain('No match — you accepted the risk');
    expect(amountAfter(text, 'Balance after this transaction')).toBe(`$${balance}`);
    expect(text).toContain('Page 1 of 1');

    const idor = await get(bob, `/api/me/transactions/${transaction.id}/receipt.pdf`);
    expect(idor.statusCode).toBe(404);
    expect(idor.json().error.message).toBe(errorCatalogue.TRANSACTION_NOT_FOUND.message);
    const missing = await get(alice, `/api/me/transactions/${crypto.randomUUID()}/receipt.pdf`);
    expect(missing.statusCode).toBe(404);
    expect((await get(alice, '/api/me/transactions/not-a-uuid/receipt.pdf')).statusCode).toBe(400);
    expect((await get(null, `/api/me/transactions/${transaction.id}/receipt.pdf`)).statusCode).toBe(401);
  });
});

describe('running balance in the transactions list', () => {
  it('is the balance after each record: the newest is the balance, each differs by its amount', async () => {
    const items = await listAll(alice, '', 100);
    const me = (await get(alice, '/api/me')).json() as { balance: string };
    expect(items[0]?.balanceAfter).toBe(me.balance);
    for (let i = 0; i + 1 < items.length; i++) {
      const newer = items[i];
      const older = items[i + 1];
      if (!newer || !older) continue;
      const signed = Number(newer.amount) * (newer.direction === 'credit' ? 1 : -1);
      expect(Number(newer.balanceAfter) - Number(older.balanceAfter)).toBeCloseTo(signed, 2);
    }
    expect(items[items.length - 1]?.balanceAfter).toBe('1000.00');
  });

  it('is the same under a filter and across keyset pages of one record', async () => {
    const all = new Map((await listAll(alice, '', 100)).map((r) => [r.id, r.balanceAfter]));
    const paged = await listAll(alice, '', 1);
    expect(paged).toHaveLength(all.size);
    for (const r of paged) expect(r.balanceAfter).toBe(all.get(r.id));
    const debits = await listAll(alice, 'direction=debit', 2);
    expect(debits.length).toBeGreaterThan(1);
    for (const r of debits) expect(r.balanceAfter).toBe(all.get(r.id));
    const coffee = await listAll(alice, 'q=Coffee', 5);
    expect(coffee).toHaveLength(1);
    expect(coffee[0]?.balanceAfter).toBe(all.get(coffee[0]?.id ?? ''));
  });

  it('counts a Returned Check by what it took, not the whole check: the statement still meets the ledger', async () => {
    // Dan deposits a 500.00 check, it is released, he spends 450.00, the check bounces: 60.00 of
    // the 500.00 can be collected (decision 0071). His record says 500.00; his balance fell 60.00.
    const dan = await signUpCustomer(t, { firstName: 'Dan', surname: 'Bounce' });
    await credit(t, adminCookie, dan.userId, '10.00');
    // A second between steps: records of one instant are ordered by id, not by when they were made.
    const deposit = (amount: string, checkNumber: string) =>
      checkPhotos().then((photos) =>
        t.app.inject({
          method: 'POST',
          url: '/api/deposits/check',
          headers: { ...JSON_HEADERS, cookie: dan.cookie },
          payload: { amount, checkNumber, ...photos, ...checkMicr() },
        }),
      );
    t.clock.advanceMs(1000);
    expect((await deposit('500.00', '9001')).statusCode).toBe(201);
    const [hold] = await t.database.db.select().from(depositHolds).where(eq(depositHolds.userId, dan.userId));
    t.clock.advanceMs(1000);
    expect((await deposit('70.00', '9002')).statusCode).toBe(201);
    const adminPost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie: adminCookie }, payload });
    expect(
      (await adminPost(`/api/admin/holds/${hold?.id}/release`, { reason: 'Looked fine' })).statusCode,
    ).toBe(200);
    t.clock.advanceMs(1000);
    expect(
      (await transfer(t, dan, { recipientAccount: bob.accountNumber, amount: '450.00' })).statusCode,
    ).toBe(201);
    t.clock.advanceMs(1000);
    const returned = await adminPost(`/api/admin/holds/${hold?.id}/return`, {
      reason: 'Insufficient funds at payer',
    });
    expect(returned.json().hold).toMatchObject({ returnedCollected: '60.00', returnedShortfall: '440.00' });

    const listed = await listAll(dan, '', 10);
    expect(listed[0]).toMatchObject({ type: 'Returned Check', amount: '500.00', balanceAfter: '70.00' });
    expect(listed[1]?.balanceAfter).toBe('130.00');
    const text = await statement('2026-03', dan);
    expect(summary(text)).toMatchObject({ opening: '$0.00', moneyOut: '$510.00', closing: '$70.00' });
    expect(summary(text).closing).toBe(await ledgerBalanceAt(dan.userId, new Date('2026-04-01T00:00:00Z')));
    expect(text).toMatch(/check of \$500\.00, \$440\.00 still owed$/m);
  });
});

describe('the OpenAPI document', () => {
  it('lists both PDF endpoints, and a guest is refused each as listed', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((docs.json() as { paths: Record<string, unknown> }).paths);
    const documents = paths.filter((p) => p.endsWith('.pdf'));
    expect(documents.sort()).toEqual([
      '/api/me/statements/{month}.pdf',
      '/api/me/transactions/{id}/receipt.pdf',
    ]);
    for (const p of documents) {
      const url = p.replace('{month}', '2026-02').replace('{id}', crypto.randomUUID());
      const res = await get(null, url);
      expect(res.statusCode, p).toBe(401);
      expect(res.json().error.code, p).toBe('UNAUTHENTICATED');
    }
  });
});

describe('download limits', () => {
  it('lets a customer download DOCUMENT_DOWNLOADS_PER_MINUTE PDFs a minute, then answers 429', async () => {
    const eve = await signUpCustomer(t, { firstName: 'Eve', surname: 'Loop' });
    const month = statementMonthOf(t.clock.now());
    // From an address the test configuration does not exempt from rate limits.
    const from = (url: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { cookie: eve.cookie } });
    for (let i = 0; i < DOCUMENT_DOWNLOADS_PER_MINUTE; i++)
      expect((await from(`/api/me/statements/${month}.pdf`)).statusCode).toBe(200);
    const refused = await from(`/api/me/transactions/${crypto.randomUUID()}/receipt.pdf`);
    expect(refused.statusCode).toBe(429);
    // Another customer at the same address is not held up by Eve's downloads.
    const bobs = await t.app.inject({
      method: 'GET',
      url: `/api/me/statements/${month}.pdf`,
      remoteAddress: '203.0.113.7',
      headers: { cookie: bob.cookie },
    });
    expect(bobs.statusCode).toBe(200);
  });
});
