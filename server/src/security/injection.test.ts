import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '../db/schema/index';
import { credit, transfer } from '../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';
import { expectLedgerClean, expectRejection } from './world';

/**
 * SQL and script injection through every free-text field a person can fill: stored verbatim
 * (parameterised queries, no mangling), returned verbatim as JSON, and rendered inert wherever it
 * becomes HTML (email alerts, the dev mailbox) or a spreadsheet (CSV export).
 */
const SQL = "Robert'); DROP TABLE identities;--";
const SCRIPT = '<script>alert(1)</script>';
const ATTR = '"><img src=x onerror=alert(1)>';
const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+cmd|calc', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
const SEARCHES = ["' or 1=1 --", '%', '_', '\\', "'; select pg_sleep(1); --", '<script>', '$1', '\u0000'];

let t: TestApp;
let adminCookie: string;
let scripted: SignedUpCustomer;
let payee: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  scripted = await signUpCustomer(t, {
    firstName: SCRIPT,
    surname: SQL,
    address: ATTR,
    occupation: `${SQL} ${SCRIPT}`,
  });
  payee = await signUpCustomer(t, { firstName: 'Plain', surname: 'Payee' });
  await credit(t, adminCookie, scripted.userId, '500.00');
});
afterAll(async () => {
  await t?.close();
});

describe('stored verbatim, returned as data', () => {
  it('keeps hostile names and addresses exactly as typed, and the tables are all still there', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: scripted.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-type']).toContain('application/json');
    expect(me.json()).toMatchObject({ firstName: SCRIPT, surname: SQL, address: ATTR });
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${scripted.userId}`,
      headers: { cookie: adminCookie },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain(JSON.stringify(SQL).slice(1, -1));
    await expectLedgerClean(t);
  });

  it('takes hostile transfer texts as data, and PATCH /api/me too', async () => {
    for (const text of [SQL, SCRIPT, ATTR, ...FORMULAS]) {
      const res = await transfer(t, scripted, {
        recipientAccount: payee.accountNumber,
        recipientName: text.trim() || 'x',
        purpose: text,
        amount: '1.00',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().transaction.purpose).toBe(text.trim());
    }
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: scripted.cookie },
      payload: { occupation: SCRIPT, address: SQL },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ occupation: SCRIPT, address: SQL });
  });

  it('treats search text as text in every list that takes one', async () => {
    for (const q of SEARCHES) {
      for (const [url, cookie] of [
        [`/api/me/transactions?q=${encodeURIComponent(q)}`, scripted.cookie],
        [`/api/admin/transactions?q=${encodeURIComponent(q)}`, adminCookie],
        [`/api/admin/users?q=${encodeURIComponent(q)}`, adminCookie],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        // A NUL byte may be refused as invalid text; anything else is an ordinary (maybe empty) page.
        if (res.statusCode !== 200) expectRejection(res, 400);
      }
    }
    // "%" finds nothing special: it is matched as a character, not as a wildcard over everything.
    const percent = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent('%')}`,
      headers: { cookie: adminCookie },
    });
    expect((percent.json() as { items: unknown[] }).items).toHaveLength(0);
  });

  it('stores a visitor’s hostile loan inquiry as data too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loan-inquiries',
      remoteAddress: '10.61.0.1',
      headers: { 'content-type': 'application/json' },
      payload: {
        name: `${SCRIPT}${SQL}`.slice(0, 60),
        email: 'inj@example.test',
        phone: '+1 415 555 0101',
        loanType: 'Auto Loan',
        amount: '20000',
      },
    });
    if (res.statusCode === 201) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/loans?source=inquiry',
        headers: { cookie: adminCookie },
      });
      expect(list.statusCode).toBe(200);
      const names = (list.json() as { items: { contact: { name: string } | null }[] }).items.map(
        (i) => i.contact?.name,
      );
      expect(names).toContain(`${SCRIPT}${SQL}`.slice(0, 60).trim());
    } else {
      expectRejection(res, 400);
    }
  });
});

describe('rendered inert', () => {
  it('escapes hostile names and texts in the money alert emails (HTML) and keeps the subject one line', async () => {
    await t.app.email.worker.runOnce();
    const mail = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toEmail, payee.email))
      .orderBy(desc(mailboxMessages.id))
      .limit(20);
    expect(mail.length).toBeGreaterThan(0);
    for (const m of mail) {
      expect(m.html).not.toContain('<script>');
      expect(m.html).not.toMatch(/<img[^>]*onerror/i);
      expect(m.subject).not.toMatch(/[\r\n]/);
    }
    // The sender's name reached the payee's alert, escaped.
    expect(mail.some((m) => m.html.includes('&lt;script&gt;'))).toBe(true);
  });

  it('escapes the same mail on the /dev/mailbox pages', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(payee.email)}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('<script>alert');
    expect(list.body).not.toMatch(/<img[^>]*onerror/i);
    const id = /\/dev\/mailbox\/(\d+)/.exec(list.body)?.[1];
    expect(id).toBeDefined();
    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(one.body).not.toContain('<script>alert');
    // The HTML version itself is served only inside a sandbox that runs no script.
    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(String(html.headers['content-security-policy'])).toMatch(/sandbox/);
    // A hostile filter is reflected escaped.
    const reflected = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(ATTR)}`,
    });
    expect(reflected.body).not.toContain(ATTR);
  });

  it('neutralises formula cells in the CSV export and quotes every cell', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv',
      headers: { cookie: scripted.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const cells = csv.body
      .split('\r\n')
      .filter(Boolean)
      .flatMap((line) => line.match(/"(?:[^"]|"")*"/g) ?? []);
    for (const cell of cells) {
      const value = cell.slice(1, -1);
      expect(value, cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    for (const formula of FORMULAS.filter((f) => f.trim() === f)) {
      expect(csv.body).toContain(`"'${formula.replace(/"/g, '""')}"`);
    }
  });
});
