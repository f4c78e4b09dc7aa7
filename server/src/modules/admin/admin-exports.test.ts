import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@larkspur/contract';
import { PAGE_SIZE_MAX } from '@larkspur/contract';
import { csvCutNote } from '../../lib/csv';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createAuditLog } from '../audit/audit-log';
import { ADMIN_RECORD_CSV_COLUMNS, AUDIT_CSV_COLUMNS, adminRecordsCsv, auditCsv } from './export-routes';
import { adminGet, adminPatch, uniqueToken } from '../../test/admin-fixtures';

/** RFC 4180 as a spreadsheet reads it: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

async function collect(lines: AsyncGenerator<string>): Promise<string[][]> {
  let text = '';
  for await (const line of lines) text += line;
  return parseCsv(text);
}

let t: TestApp;
let admin: { userId: string; email: string; password: string };
let adminCookie: string;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  alice = await signUpCustomer(t);
  bob = await signUpCustomer(t);
  await credit(t, adminCookie, alice.userId, '100.00');
  await credit(t, adminCookie, bob.userId, '5.00');
  const sent = await transfer(t, alice, {
    recipientAccount: bob.accountNumber,
    recipientName: '=HYPERLINK("http://evil")',
    amount: '7.50',
    purpose: '+cmd|calc',
  });
  expect(sent.statusCode).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const exportOf = (url: string, cookie = adminCookie) => adminGet(t, cookie, url);

async function exportEntries(action: string): Promise<AuditEntry[]> {
  const res = await adminGet(t, adminCookie, `/api/admin/audit?action=${action}&limit=${PAGE_SIZE_MAX}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: AuditEntry[] }).items;
}

describe('GET /api/admin/transactions.csv', () => {
  it("exports exactly the list's filter, as a download, formula cells neutralised", async () => {
    const filter = `userId=${alice.userId}&direction=debit`;
    const res = await exportOf(`/api/admin/transactions.csv?${filter}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="larkspur-records-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...ADMIN_RECORD_CSV_COLUMNS]);
    const list = (await adminGet(t, adminCookie, `/api/admin/transactions?${filter}`)).json() as {
      items: { transactionId: string }[];
    };
    expect(rows.map((r) => r[2])).toEqual(list.items.map((i) => i.transactionId));
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect(row[0]).toBe(alice.userId);
    expect(row[4]).toBe('Debit');
    expect(row[5]).toBe('7.50');
    // A spreadsheet shows these as text; it never runs them.
    expect(row[7]).toBe(`'=HYPERLINK("http://evil")`);
    expect(row[10]).toBe(`'+cmd|calc`);
  });

  it('spans every customer without a user filter, and matches the list for every filter', async () => {
    const all = parseCsv((await exportOf('/api/admin/transactions.csv')).body).slice(1);
    expect(new Set(all.map((r) => r[0]))).toEqual(new Set([alice.userId, bob.userId]));
    for (const filter of [
      '',
      'minAmount=50',
      'maxAmount=7.50&direction=credit',
      'type=Deposit',
      `q=${bob.accountNumber}`,
      'q=HYPERLINK',
      `userId=${bob.userId}&from=2020-01-01&to=9999-12-31`,
      'from=2999-01-01',
    ]) {
      const rows = parseCsv((await exportOf(`/api/admin/transactions.csv?${filter}`)).body).slice(1);
      const list = (
        await adminGet(t, adminCookie, `/api/admin/transactions?limit=${PAGE_SIZE_MAX}&${filter}`)
      ).json() as {
        items: { transactionId: string; userId: string; amount: string }[];
      };
      expect(
        rows.map((r) => [r[2], r[0], r[5]]),
        filter,
      ).toEqual(list.items.map((i) => [i.transactionId, i.userId, i.amount]));
    }
    const big = parseCsv((await exportOf('/api/admin/transactions.csv?minAmount=50')).body).slice(1);
    expect(big.map((r) => [r[0], r[5]])).toEqual([[alice.userId, '100.00']]);
    expect(parseCsv((await exportOf('/api/admin/transactions.csv?from=2999-01-01')).body)).toEqual([
      [...ADMIN_RECORD_CSV_COLUMNS],
    ]);
  });

  it('answers a malformed filter with 400 and writes no export row', async () => {
    const before = (await exportEntries('admin.export_records')).length;
    for (const query of [
      'minAmount=abc',
      'minAmount=1e3',
      'userId=not-a-uuid',
      'from=2026-13-40',
      'direction=sideways',
      'limit=5',
      'cursor=abc',
      'unknown=1',
      `q=${'x'.repeat(1000)}`,
    ]) {
      const res = await exportOf(`/api/admin/transactions.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toContain('application/json');
    }
    expect(await exportEntries('admin.export_records')).toHaveLength(before);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it("exports the audit log's filter, details as the page shows them (redacted), formula cells neutralised", async () => {
    const reason = '=cmd|" /C calc"!A0';
    expect((await adminPatch(t, adminCookie, bob.userId, { occupation: 'Baker', reason })).statusCode).toBe(
      200,
    );
    const res = await exportOf(`/api/admin/audit.csv?action=admin.user_update&subjectId=${bob.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="larkspur-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    expect(row[2]).toBe(admin.userId);
    expect(row[5]).toBe('admin.user_update');
    expect(row[7]).toBe(bob.userId);
    expect(row[10]).toBe(`'${reason}`);
    expect(JSON.parse(row[11] ?? '')).toMatchObject({ after: { occupation: 'Baker' } });
  });

  it('never exports a secret a row holds: the same redaction as the page', async () => {
    const subject = uniqueToken();
    await createAuditLog({ clock: t.clock }).record(t.database.db, {
      action: 'test.secrets',
      outcome: 'failure',
      subjectId: subject,
      details: { password: 'hunter2', nested: { note: 'SSN 123-45-6789 on file' } },
    });
    const body = (await exportOf(`/api/admin/audit.csv?subjectId=${subject}`)).body;
    expect(body).not.toContain('hunter2');
    expect(body).not.toContain('123-45-6789');
    expect(body).toContain('***-**-6789');
  });

  it('reads past one page: every row once, newest first', async () => {
    const subject = uniqueToken();
    const audit = createAuditLog({ clock: t.clock });
    const count = PAGE_SIZE_MAX * 2 + 5;
    const now = t.clock.now();
    const start = now.getTime() - count * 1000;
    for (let i = 0; i < count; i += 1) {
      // Some rows share a timestamp: the keyset's tie-break on id must neither skip nor repeat them.
      t.clock.set(new Date(start + Math.floor(i / 3) * 1000));
      await audit.record(t.database.db, { action: 'test.bulk', outcome: 'success', subjectId: subject });
    }
    t.clock.set(now);
    const rows = parseCsv((await exportOf(`/api/admin/audit.csv?subjectId=${subject}`)).body).slice(1);
    expect(rows).toHaveLength(count);
    const ids = rows.map((r) => Number(r[1]));
    expect(new Set(ids).size).toBe(count);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(rows.at(-1)?.[0]).toBe(new Date(start).toISOString());
  });

  it('answers a malformed filter with 400 and writes no export row', async () => {
    const before = (await exportEntries('admin.export_audit')).length;
    for (const query of [
      'actorId=bob',
      'action=DROP TABLE',
      'actionPrefix=%25',
      'from=2026-05-02&to=2026-05-01',
      'to=yesterday',
      'limit=5',
      'unknown=1',
      `subjectId=${'x'.repeat(1000)}`,
    ]) {
      const res = await exportOf(`/api/admin/audit.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect(await exportEntries('admin.export_audit')).toHaveLength(before);
  });
});

describe('both exports', () => {
  it('are for admins only: a guest gets 401, a customer 403, and neither gets a row', async () => {
    for (const url of ['/api/admin/transactions.csv', '/api/admin/audit.csv']) {
      const guest = await t.app.inject({ method: 'GET', url });
      expect(guest.statusCode, url).toBe(401);
      expect(guest.body).not.toContain(alice.accountNumber);
      const customer = await exportOf(url, alice.cookie);
      expect(customer.statusCode, url).toBe(403);
      expect(customer.body).not.toContain('Transaction ID');
    }
  });

  it('are audited: who exported, from where, with which filter', async () => {
    await exportOf(`/api/admin/transactions.csv?userId=${bob.userId}&type=Deposit`);
    await exportOf('/api/admin/audit.csv?actionPrefix=admin.&from=2026-01-01');
    const [records] = await exportEntries('admin.export_records');
    expect(records).toMatchObject({
      actorId: admin.userId,
      actorRole: 'admin',
      subjectType: 'export',
      outcome: 'success',
      details: { filter: { userId: bob.userId, type: 'Deposit' } },
    });
    expect(records?.ip).toBeTruthy();
    const [audit] = await exportEntries('admin.export_audit');
    expect(audit).toMatchObject({
      actorId: admin.userId,
      details: { filter: { actionPrefix: 'admin.', from: '2026-01-01' } },
    });
  });

  it('stop at their row maximum and say so in the last line; an export that fits has no such line', async () => {
    const filter = { userId: alice.userId };
    const [, ...all] = await collect(adminRecordsCsv(t.database.readDb, filter));
    expect(all.length).toBeGreaterThanOrEqual(2);
    const cut = await collect(adminRecordsCsv(t.database.readDb, filter, all.length - 1));
    expect(cut).toHaveLength(all.length + 1);
    expect(cut.slice(1, -1)).toEqual(all.slice(0, -1));
    expect(cut.at(-1)).toEqual([csvCutNote(all.length - 1)]);
    const exact = await collect(adminRecordsCsv(t.database.readDb, filter, all.length));
    expect(exact.slice(1)).toEqual(all);

    const auditFilter = { action: 'admin.user_update' };
    const [, ...entries] = await collect(auditCsv(t.database.readDb, auditFilter));
    const one = await collect(auditCsv(t.database.readDb, auditFilter, 0));
    expect(entries.length).toBeGreaterThan(0);
    expect(one).toEqual([[...AUDIT_CSV_COLUMNS], [csvCutNote(0)]]);
  });
});
