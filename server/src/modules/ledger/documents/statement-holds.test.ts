import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '@larkspur/contract';
import { credit, transfer } from '../../../test/banking';
import { checkMicr, checkPhotos } from '../../../test/check-images';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../../../test/identity';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 28 point 4: the CSV export and the monthly statement said nothing of holds — a check
 * deposit read like cash — and the CSV had no running balance, which the list and the statement
 * show (decision 0162). Both now show each hold's status and available date; the CSV carries
 * the balance after each record, whatever the filter and across its pages.
 */
let t: TestApp;
let adminCookie: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-holds-'));
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function pdfText(bytes: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** RFC 4180 as the export writes it: every cell quoted, CRLF between lines. */
function parseCsv(body: string): string[][] {
  return body
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}

async function depositCheck(cookie: string, amount: string, checkNumber: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie },
    payload: { amount, checkNumber, ...(await checkPhotos()), ...checkMicr() },
  });
  expect(res.statusCode).toBe(201);
}

describe('holds and the running balance in the CSV and the statement', () => {
  it('the CSV: hold status and available date, and the balance after each record as the list shows it', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    await credit(t, adminCookie, alice.userId, '40.00');
    t.clock.advanceMs(1000);
    await depositCheck(alice.cookie, '250.10', '8001');
    t.clock.advanceMs(1000);
    expect(
      (await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '7.50' })).statusCode,
    ).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(expect.arrayContaining(['Balance after', 'Hold', 'Available from']));
    const col = (name: string) => header!.indexOf(name);
    // Newest first, as the list.
    expect(rows.map((r) => r[col('Type')])).toEqual(['Local Transfer', 'Check Deposit', 'Deposit']);
    expect(rows.map((r) => r[col('Balance after')])).toEqual(['282.60', '290.10', '40.00']);
    const check = rows[1]!;
    expect(check[col('Hold')]).toBe('On hold');
    // The test clock is Thursday 2026-01-15; a new account's check waits seven business days.
    expect(check[col('Available from')]).toBe('2026-01-26');
    expect(rows[0]![col('Hold')]).toBe('');
    expect(rows[0]![col('Available from')]).toBe('');

    // The list's own balances, to the cent — and a filter does not change them (decision 0162).
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions',
      headers: { cookie: alice.cookie },
    });
    expect(list.json().items.map((i: { balanceAfter: string }) => i.balanceAfter)).toEqual([
      '282.60',
      '290.10',
      '40.00',
    ]);
    const debits = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv?direction=credit',
      headers: { cookie: alice.cookie },
    });
    const [, ...credits] = parseCsv(debits.body);
    expect(credits.map((r) => r[col('Balance after')])).toEqual(['290.10', '40.00']);
  });

  it('the CSV keeps the running balance right across its pages', async () => {
    const carol = await signUpCustomer(t);
    const dave = await signUpCustomer(t);
    const n = PAGE_SIZE_MAX + 3;
    await credit(t, adminCookie, carol.userId, '1000.00');
    for (let i = 0; i < n; i += 1) {
      t.clock.advanceMs(1000);
      const sent = await transfer(t, carol, { recipientAccount: dave.accountNumber, amount: '1.00' });
      expect(sent.statusCode).toBe(201);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions.csv',
      headers: { cookie: carol.cookie },
    });
    const [header, ...rows] = parseCsv(res.body);
    const balances = rows.map((r) => r[header!.indexOf('Balance after')]);
    expect(balances).toHaveLength(n + 1);
    expect(balances).toEqual(Array.from({ length: n + 1 }, (_, i) => (1000 - n + i).toFixed(2)));
  });

  it('the monthly statement says which deposit is on hold and from when it is available', async () => {
    const erin = await signUpCustomer(t);
    await depositCheck(erin.cookie, '120.00', '8002');
    const month = t.clock.now().toISOString().slice(0, 7);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/me/statements/${month}.pdf`,
      headers: { cookie: erin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toMatch(/On hold · available Jan 26, 2026/);
  });
});
