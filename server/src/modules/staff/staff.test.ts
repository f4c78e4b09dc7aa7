import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_FILTER_LENGTH_MAX, PERSON_FILTER_MATCHES_MAX } from '@larkspur/contract';
import { auditLog, profiles } from '../../db/schema/index';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signInStaff,
  signUpCustomer,
  uniqueEmail,
  type SignedUpCustomer,
} from '../../test/identity';
import { completeInvitation, invitationToken } from '../../test/staff-invitations';
import { buildTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let boss: { userId: string; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  boss = await signInStaff(t, 'administrator');
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'a long enough passphrase';

function createStaff(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { ...JSON_HEADERS, cookie },
    payload,
  });
}
function patchStaff(cookie: string, id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/staff/${id}`,
    headers: { ...JSON_HEADERS, cookie },
    payload,
  });
}
// Since decision 0189 the administrator sends no password: the member chooses it from the link.
const newStaff = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('clerk'),
  firstName: 'Owen',
  surname: 'Operator',
  staffRole: 'operator',
  ...over,
});

describe('the Staff page API (decision 0168)', () => {
  it('an administrator creates an operator, who activates the emailed invitation, signs in with the emailed code and holds only the operator set', async () => {
    const body = newStaff();
    const res = await createStaff(boss.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({ email: body.email, staffRole: 'operator', status: 'active' });
    expect(member.invitation).toMatchObject({ state: 'pending' });
    expect((await completeInvitation(t, await invitationToken(t, body.email), PASSWORD)).statusCode).toBe(
      200,
    );
    expect(member).not.toHaveProperty('password');
    expect(member).not.toHaveProperty('passwordHash');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.staff_create'), eq(auditLog.subjectId, member.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: boss.userId, outcome: 'success' });
    expect(JSON.stringify(audit[0]?.details)).not.toContain(PASSWORD);

    const cookie = await loginAdmin(t, body.email, PASSWORD);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ role: 'admin', staffRole: 'operator' });
    expect(session.json().user.capabilities).not.toContain('staff.manage');
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
    expect(overview.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie } });
    expect(list.statusCode).toBe(403);
  });

  it('lists staff only (never a customer), with their sets, in keyset pages', async () => {
    const customer = await signUpCustomer(t);
    await createStaff(boss.cookie, newStaff({ staffRole: 'approver' }));
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff',
      headers: { cookie: boss.cookie },
    });
    expect(all.statusCode).toBe(200);
    const items = all.json().items as Array<{ id: string; staffRole: string }>;
    expect(items.map((i) => i.id)).not.toContain(customer.userId);
    expect(items.map((i) => i.id)).toContain(boss.userId);
    expect(new Set(items.map((i) => i.staffRole))).toEqual(
      new Set(['administrator', 'operator', 'approver']),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/staff?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await t.app.inject({ method: 'GET', url, headers: { cookie: boss.cookie } });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().items.map((i: { id: string }) => i.id));
      cursor = page.json().nextCursor;
    } while (cursor && seen.length <= items.length);
    expect(seen).toEqual(items.map((i) => i.id));

    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/admin/staff?cursor=${Buffer.from('["staff","x","y"]').toString('base64url')}`,
      headers: { cookie: boss.cookie },
    });
    expect(forged.statusCode).toBe(400);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff?limit=101',
      headers: { cookie: boss.cookie },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refuses an email someone already signs in with (staff or customer), also when two race for it', async () => {
    const customer = await signUpCustomer(t);
    const taken = await createStaff(boss.cookie, newStaff({ email: customer.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('STAFF_EMAIL_TAKEN');

    const email = uniqueEmail('race');
    const both = await Promise.all([
      createStaff(boss.cookie, newStaff({ email })),
      createStaff(boss.cookie, newStaff({ email: email.toUpperCase() })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses bad input with a 400: unknown set, extra keys (a password too), over-long names, wrong types', async () => {
    for (const payload of [
      newStaff({ staffRole: 'root' }),
      newStaff({ role: 'admin' }),
      newStaff({ firstName: 'x'.repeat(51) }),
      // No password at all: the administrator never chooses one (decision 0189).
      newStaff({ password: PASSWORD }),
      newStaff({ email: 'not-an-email' }),
      newStaff({ email: `${'a'.repeat(250)}@example.test` }),
      newStaff({ staffRole: ['administrator'] }),
      newStaff({ firstName: 42 }),
    ]) {
      const res = await createStaff(boss.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const nothing = await patchStaff(boss.cookie, boss.userId, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('changes a set, which takes effect on the next request of the member already signed in; audited with before/after', async () => {
    const member = await signInStaff(t, 'operator');
    const before = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loans/${crypto.randomUUID()}/approve`,
      headers: { ...JSON_HEADERS, cookie: member.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(before.statusCode).toBe(403);
    const res = await patchStaff(boss.cookie, member.userId, { staffRole: 'approver' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staffRole).toBe('approver');
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loans/${crypto.randomUUID()}/approve`,
      headers: { ...JSON_HEADERS, cookie: member.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(after.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.staff_update'), eq(auditLog.subjectId, member.userId)));
    expect(rows[0]?.details).toMatchObject({
      before: { staffRole: 'operator' },
      after: { staffRole: 'approver' },
    });
  });

  it('disabling ends every session of the member and their next sign-in; enabling lets them back', async () => {
    const member = await signInStaff(t, 'approver');
    const off = await patchStaff(boss.cookie, member.userId, { status: 'suspended' });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('suspended');
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { cookie: member.cookie },
    });
    expect(gone.statusCode).toBe(401);
    await expect(loginAdmin(t, member.email, member.password)).rejects.toThrow();
    const on = await patchStaff(boss.cookie, member.userId, { status: 'active' });
    expect(on.statusCode).toBe(200);
    // The refused sign-in above started the sign-in throttle's wait; let it pass.
    t.clock.advanceMs(60_000);
    const cookie = await loginAdmin(t, member.email, member.password);
    const back = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
    expect(back.statusCode).toBe(200);
  });

  it('never touches a customer, an unknown id or a malformed one through the staff routes', async () => {
    const customer = await signUpCustomer(t);
    for (const id of [customer.userId, crypto.randomUUID(), 'x'.repeat(64), '1%20or%201=1']) {
      const res = await patchStaff(boss.cookie, id, { staffRole: 'administrator' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('STAFF_NOT_FOUND');
    }
    const longId = await patchStaff(boss.cookie, 'x'.repeat(65), { staffRole: 'administrator' });
    expect(longId.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(row).toMatchObject({ role: 'user', staffRole: null });
  });
});

describe("a customer's daily limit is the administrators' (settings.manage)", () => {
  it('an operator or approver edits a profile but not the limit; an administrator changes the limit', async () => {
    const customer = await signUpCustomer(t);
    const patch = (cookie: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${customer.userId}`,
        headers: { ...JSON_HEADERS, cookie },
        payload: { reason: 'Limit test', ...payload },
      });
    for (const role of ['operator', 'approver'] as const) {
      const { cookie } = await signInStaff(t, role);
      const limit = await patch(cookie, { accountLimit: '75000' });
      expect(limit.statusCode, role).toBe(403);
      expect(limit.json().error.code).toBe('FORBIDDEN');
      const both = await patch(cookie, { accountLimit: '75000', occupation: 'Baker' });
      expect(both.statusCode, role).toBe(403);
      const profile = await patch(cookie, { occupation: `Teacher ${role}` });
      expect(profile.statusCode, role).toBe(200);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(row?.accountLimitCents).toBe(5_000_000n);
    expect(row?.occupation).toBe('Teacher approver');
    const admin = await patch(boss.cookie, { accountLimit: '75000' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().profile.accountLimit).toBe('75000.00');
  });
});

describe('the bank always keeps an active administrator', () => {
  it('the only administrator can neither demote nor disable themself; with a second one, they can step down', async () => {
    const own = await buildTestApp();
    try {
      const only = await createAdmin(own);
      const cookie = await loginAdmin(own, only.email, only.password);
      const patch = (payload: Record<string, unknown>, id = only.userId, c = cookie) =>
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${id}`,
          headers: { ...JSON_HEADERS, cookie: c },
          payload,
        });
      const demote = await patch({ staffRole: 'approver' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.code).toBe('LAST_ADMINISTRATOR');
      const disable = await patch({ status: 'suspended' });
      expect(disable.statusCode).toBe(409);
      expect(disable.json().error.code).toBe('STAFF_SELF_DISABLE');

      const second = await createAdmin(own);
      const stepDown = await patch({ staffRole: 'operator' });
      expect(stepDown.statusCode, stepDown.body).toBe(200);
      // Now the second is the last one: the first (an operator now) cannot even try.
      const secondCookie = await loginAdmin(own, second.email, second.password);
      const last = await patch({ staffRole: 'approver' }, second.userId, secondCookie);
      expect(last.json().error.code).toBe('LAST_ADMINISTRATOR');
      const rows = await own.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.staffRole, 'administrator'));
      expect(rows.map((r) => r.userId)).toEqual([second.userId]);
    } finally {
      await own.close();
    }
  });

  it('two administrators demoting each other at once: one wins, one administrator remains', async () => {
    const own = await buildTestApp();
    try {
      const a = await createAdmin(own);
      const b = await createAdmin(own);
      const ca = await loginAdmin(own, a.email, a.password);
      const cb = await loginAdmin(own, b.email, b.password);
      const results = await Promise.all([
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${b.userId}`,
          headers: { ...JSON_HEADERS, cookie: ca },
          payload: { staffRole: 'operator' },
        }),
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${a.userId}`,
          headers: { ...JSON_HEADERS, cookie: cb },
          payload: { staffRole: 'operator' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      // One demotion happens; the other is refused, either as the last administrator or (if the
      // winner's change landed first) because its maker no longer holds staff.manage.
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const admins = await own.database.db
        .select()
        .from(profiles)
        .where(and(eq(profiles.staffRole, 'administrator'), eq(profiles.status, 'active')));
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe("a customer's security events in their file", () => {
  let customer: SignedUpCustomer;
  let operatorCookie: string;
  beforeAll(async () => {
    customer = await signUpCustomer(t);
    operatorCookie = (await signInStaff(t, 'operator')).cookie;
    // A failed sign-in on their account, which they would see on their own security page.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: { accountNumber: customer.accountNumber, password: 'not the password at all' },
    });
  });

  it('shows the staff what the customer sees on their own security page, page by page', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/me/security-events',
      headers: { cookie: customer.cookie },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/security-events`,
      headers: { cookie: operatorCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length).toBeGreaterThan(0);
    expect(res.json().items).toEqual(own.json().items);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/security-events?limit=1`,
      headers: { cookie: operatorCookie },
    });
    expect(first.json().items).toHaveLength(1);
    expect(first.json().nextCursor).toEqual(expect.any(String));
  });

  it('answers 404 for a staff member, an unknown id or a malformed one, 400 for a page too big, 403 for a customer', async () => {
    for (const id of [boss.userId, crypto.randomUUID(), 'not-an-id']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users/${id}/security-events`,
        headers: { cookie: operatorCookie },
      });
      expect(res.statusCode, id).toBe(404);
    }
    const big = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/security-events?limit=100000`,
      headers: { cookie: operatorCookie },
    });
    expect(big.statusCode).toBe(400);
    const other = await signUpCustomer(t);
    const idor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/security-events`,
      headers: { cookie: other.cookie },
    });
    expect(idor.statusCode).toBe(403);
  });
});

describe('filters by name, email and account number (decision 0169)', () => {
  let zelda: SignedUpCustomer;
  let other: SignedUpCustomer;
  let operatorCookie: string;
  const surname = `Quillfeather${Date.now().toString(36)}`;
  beforeAll(async () => {
    zelda = await signUpCustomer(t, { firstName: 'Zelda', surname });
    other = await signUpCustomer(t, { firstName: 'Zora', surname: 'Elsewhere' });
    operatorCookie = (await signInStaff(t, 'operator')).cookie;
    for (const who of [zelda, other]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${who.userId}/credit`,
        headers: { ...JSON_HEADERS, cookie: boss.cookie, 'idempotency-key': crypto.randomUUID() },
        payload: { amount: '12.34', reason: 'Filter test' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${who.userId}`,
        headers: { ...JSON_HEADERS, cookie: boss.cookie },
        payload: { occupation: 'Pilot', reason: 'Filter test' },
      });
    }
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: operatorCookie } });

  it('finds the audit rows about a customer by full name, surname, email and account number', async () => {
    for (const typed of [`Zelda ${surname}`, surname.toLowerCase(), zelda.email, zelda.accountNumber]) {
      const res = await get(`/api/admin/audit?subject=${encodeURIComponent(typed)}`);
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      const subjects = new Set(res.json().items.map((i: { subjectId: string }) => i.subjectId));
      expect([...subjects], typed).toEqual([zelda.userId]);
    }
  });

  it('finds what someone did by their name (the actor filter)', async () => {
    const res = await get(
      `/api/admin/audit?actor=${encodeURIComponent('Ada Admin')}&action=admin.user_update`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBeGreaterThanOrEqual(2);
  });

  it('filters the records table and its CSV by customer name or account number', async () => {
    for (const typed of [`zelda ${surname}`, zelda.accountNumber]) {
      const res = await get(`/api/admin/transactions?customer=${encodeURIComponent(typed)}`);
      expect(res.statusCode).toBe(200);
      const owners = new Set(res.json().items.map((i: { userId: string }) => i.userId));
      expect([...owners], typed).toEqual([zelda.userId]);
    }
    const csv = await get(`/api/admin/transactions.csv?customer=${encodeURIComponent(zelda.accountNumber)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(zelda.userId);
    expect(csv.body).not.toContain(other.userId);
  });

  it('a name that matches nobody matches no rows (never "everything")', async () => {
    const res = await get(`/api/admin/transactions?customer=${encodeURIComponent('Nobody Byth1sname')}`);
    expect(res.json().items).toEqual([]);
    const audit = await get('/api/admin/audit?subject=40900000000');
    expect(audit.json().items).toEqual([]);
  });

  it('wildcards are literal; over-long text is a 400; too many matches is a 400 asking for more', async () => {
    expect((await get('/api/admin/transactions?customer=%25')).json().items).toEqual([]);
    expect((await get('/api/admin/audit?subject=_')).json().items).toEqual([]);
    const long = await get(`/api/admin/audit?actor=${'a'.repeat(PERSON_FILTER_LENGTH_MAX + 1)}`);
    expect(long.statusCode).toBe(400);
    const many = `Many${Date.now().toString(36)}`;
    for (let i = 0; i <= PERSON_FILTER_MATCHES_MAX; i += 1) {
      await createAdmin(t, uniqueEmail('many'), 'admin password 123', 'operator').then(({ userId }) =>
        t.database.db.update(profiles).set({ surname: many }).where(eq(profiles.userId, userId)),
      );
    }
    const res = await get(`/api/admin/audit?actor=${many}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('type more of the name');
  });
});
