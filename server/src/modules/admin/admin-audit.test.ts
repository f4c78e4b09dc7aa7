import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@larkspur/contract';
import { profiles } from '../../db/schema/index';
import { credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createAuditLog } from '../audit/audit-log';
import { encodeCursor } from '../../lib/keyset-cursor';
import { adminGet, adminPatch, walkPages } from '../../test/admin-fixtures';

/** A database of its own: three days of admin actions and security events. */
let t: TestApp;
let ada: { userId: string; email: string; password: string };
let grace: { userId: string; email: string; password: string };
let c1: SignedUpCustomer;
let c2: SignedUpCustomer;

async function signedIn(who: { email: string; password: string }, iso: string): Promise<string> {
  t.clock.set(new Date(iso));
  return loginAdmin(t, who.email, who.password);
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-04-01T08:00:00.000Z'));
  ada = await createAdmin(t);
  grace = await createAdmin(t);
  await t.database.db
    .update(profiles)
    .set({ firstName: 'Grace', surname: 'Hopper' })
    .where(eq(profiles.userId, grace.userId));
  c1 = await signUpCustomer(t);
  c2 = await signUpCustomer(t);

  const day1 = await signedIn(ada, '2026-04-01T10:00:00.000Z');
  expect(
    (await adminPatch(t, day1, c1.userId, { occupation: 'Teacher', reason: 'Update on file' })).statusCode,
  ).toBe(200);
  const day2 = await signedIn(grace, '2026-04-02T10:00:00.000Z');
  expect(
    (await adminPatch(t, day2, c2.userId, { status: 'suspended', reason: 'Fraud check' })).statusCode,
  ).toBe(200);
  const day3 = await signedIn(ada, '2026-04-03T10:00:00.000Z');
  await credit(t, day3, c2.userId, '25.00');
  // A security event: a wrong password for c1.
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: JSON_HEADERS,
    payload: { accountNumber: c1.accountNumber, password: 'not the password' },
  });
  // Rows our code never writes, to prove the read side holds on its own.
  const audit = createAuditLog({ clock: t.clock });
  await audit.record(t.database.db, {
    action: 'adminxuser_update',
    outcome: 'success',
    subjectId: 'odd-one',
  });
  await audit.record(t.database.db, {
    action: 'test.secrets',
    outcome: 'failure',
    subjectId: 'secrets',
    details: {
      password: 'hunter2',
      nested: { passwordHash: '$argon2id$…', ssn: '123-45-6789', note: 'SSN 123-45-6789 on file' },
      list: [{ token: 'abc' }, 'fine'],
      sessionsEnded: 2,
    },
  });
});
afterAll(async () => {
  await t.close();
});

let cookie: string;
beforeAll(async () => {
  cookie = await signedIn(ada, '2026-04-03T12:00:00.000Z');
});

async function audit(query: string): Promise<AuditEntry[]> {
  const res = await adminGet(t, cookie, `/api/admin/audit?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as AuditEntry[];
}

describe('GET /api/admin/audit', () => {
  it('lists admin actions and security events newest first, with the actor named', async () => {
    const rows = await audit('');
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'admin.user_update',
      'admin.credit',
      'auth.login',
      'auth.signup',
      'auth.admin_login',
    ]) {
      expect(actions).toContain(action);
    }
    const order = rows.map((row) => [row.at, row.id] as const);
    const sorted = [...order].sort(([atA, idA], [atB, idB]) =>
      atA === atB ? idB - idA : atA < atB ? 1 : -1,
    );
    expect(order).toEqual(sorted);
    const graces = rows.find((row) => row.action === 'admin.user_update' && row.subjectId === c2.userId);
    expect(graces).toMatchObject({
      actorId: grace.userId,
      actorRole: 'admin',
      actorName: 'Grace Hopper',
      subjectType: 'user',
      ip: '127.0.0.1',
      outcome: 'success',
      reason: 'Fraud check',
      at: '2026-04-02T10:00:00.000Z',
      details: { before: { status: 'active' }, after: { status: 'suspended' } },
    });
    expect(Object.keys(graces ?? {}).sort()).toEqual(
      [
        'action',
        'actorId',
        'actorName',
        'actorRole',
        'at',
        'details',
        'id',
        'ip',
        'outcome',
        'reason',
        'subjectId',
        'subjectType',
      ].sort(),
    );
    expect(rows.find((row) => row.subjectId === 'odd-one')).toMatchObject({ actorId: null, actorName: null });
  });

  it('filters by actor', async () => {
    const rows = await audit(`actorId=${grace.userId}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.actorId === grace.userId)).toBe(true);
    expect(rows.map((row) => row.action)).toContain('admin.user_update');
    expect(await audit(`actorId=${crypto.randomUUID()}`)).toEqual([]);
  });

  it('filters by exact action and by action prefix, wildcards taken literally', async () => {
    const exact = await audit('action=admin.user_update');
    expect(exact.map((row) => row.subjectId).sort()).toEqual([c1.userId, c2.userId].sort());
    const admin = await audit('actionPrefix=admin.');
    expect(admin.map((row) => row.action).sort()).toEqual([
      'admin.credit',
      'admin.user_update',
      'admin.user_update',
    ]);
    const auth = await audit('actionPrefix=auth.');
    expect(auth.length).toBeGreaterThan(0);
    expect(auth.every((row) => row.action.startsWith('auth.'))).toBe(true);
    expect((await audit('actionPrefix=admin.user')).map((row) => row.action)).toEqual([
      'admin.user_update',
      'admin.user_update',
    ]);
    // "_" is a LIKE wildcard; here it must only match itself.
    expect((await audit('actionPrefix=admin_')).map((row) => row.action)).toEqual([]);
    expect((await audit('actionPrefix=adminx')).map((row) => row.action)).toEqual(['adminxuser_update']);
    expect(await audit('action=admin.')).toEqual([]);
  });

  it('filters by subject', async () => {
    const rows = await audit(`subjectId=${c2.userId}`);
    expect(rows.every((row) => row.subjectId === c2.userId)).toBe(true);
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['admin.user_update', 'admin.credit']),
    );
  });

  it('filters by UTC date range, both ends inclusive', async () => {
    const day2 = await audit('from=2026-04-02&to=2026-04-02');
    expect(day2.length).toBeGreaterThan(0);
    expect(day2.every((row) => row.at.startsWith('2026-04-02'))).toBe(true);
    const fromDay2 = await audit('from=2026-04-02&actionPrefix=admin.');
    expect(fromDay2.map((row) => row.action).sort()).toEqual(['admin.credit', 'admin.user_update']);
    const toDay1 = await audit('to=2026-04-01&actionPrefix=admin.');
    expect(toDay1.map((row) => row.subjectId)).toEqual([c1.userId]);
  });

  it('combines filters', async () => {
    const rows = await audit(`actorId=${ada.userId}&actionPrefix=admin.&subjectId=${c2.userId}`);
    expect(rows.map((row) => row.action)).toEqual(['admin.credit']);
  });

  it('pages through the whole log without repeats or gaps', async () => {
    const all = await audit('');
    const { items, pages } = await walkPages<AuditEntry>(t, cookie, '/api/admin/audit?limit=3');
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(items.map((row) => row.id)).toEqual(all.map((row) => row.id));
    const filtered = await walkPages<AuditEntry>(t, cookie, '/api/admin/audit?limit=1&actionPrefix=admin.');
    expect(filtered.items.map((row) => row.action)).toEqual([
      'admin.credit',
      'admin.user_update',
      'admin.user_update',
    ]);
  });

  it('never returns a secret from the free-form details', async () => {
    const [row] = await audit('subjectId=secrets');
    expect(row?.details).toEqual({
      password: '[redacted]',
      nested: { passwordHash: '[redacted]', ssn: '[redacted]', note: 'SSN ***-**-6789 on file' },
      list: [{ token: '[redacted]' }, 'fine'],
      sessionsEnded: 2,
    });
    const res = await adminGet(t, cookie, '/api/admin/audit?limit=100');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('123-45-6789');
    expect(res.body).not.toContain('$argon2');
  });

  it.each([
    'action=Admin.Credit',
    'action=admin%25',
    `actionPrefix=${'a'.repeat(101)}`,
    'actorId=abc',
    `subjectId=${'s'.repeat(101)}`,
    'from=2026-13-01',
    'from=yesterday',
    'from=2026-04-03&to=2026-04-01',
    'limit=101',
    'limit=-1',
    'cursor=abc',
    `cursor=${encodeCursor('audit', ['2026-04-01T00:00:00.000000Z', '1; drop table audit_log'])}`,
    `cursor=${encodeCursor('createdAt:desc', ['2026-04-01T00:00:00.000000Z', crypto.randomUUID()])}`,
    'outcome=success',
  ])('refuses %s with 400 in the envelope', async (query) => {
    const res = await adminGet(t, cookie, `/api/admin/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
