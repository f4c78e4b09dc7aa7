import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVER_COOLING_OFF_HOURS,
  STAFF_INVITATION_TTL_HOURS,
  type MoneyRequest,
  type StaffMember,
} from '@larkspur/contract';
import { auditLog, identities } from '../../db/schema/index';
import { JSON_HEADERS, loginAdmin, signInStaff, signUpCustomer, uniqueEmail } from '../../test/identity';
import {
  INVITEE_PASSWORD,
  completeInvitation,
  invitationToken,
  inviteStaff,
} from '../../test/staff-invitations';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Finding 4 of issue 27 (decisions 0189, 0190): an administrator could approve their own request
 * by creating a staff member with an address and password of their choosing. Staff an administrator
 * creates now activate themselves through a single-use, expiring emailed link (the administrator
 * never knows the password), and a newly created or promoted approver cannot approve for a while,
 * nor approve for whoever created or promoted them.
 */

let t: TestApp;
let boss: { userId: string; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  // Seeded and command-line staff are nobody's appointees: they approve at once.
  boss = await signInStaff(t, 'administrator');
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;

function invite(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { ...JSON_HEADERS, cookie },
    payload,
  });
}
const newcomer = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('newcomer'),
  firstName: 'Nina',
  surname: 'Newcomer',
  staffRole: 'operator',
  ...over,
});
function post(url: string, cookie: string, payload: Record<string, unknown> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie }, payload });
}
async function bigCredit(makerCookie: string): Promise<MoneyRequest> {
  const customer = await signUpCustomer(t);
  const res = await post(`/api/admin/users/${customer.userId}/credit`, makerCookie, {
    amount: '25000.00',
    reason: 'Wire received at branch',
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { request: MoneyRequest }).request;
}

describe('staff an administrator creates activate themselves (decision 0189)', () => {
  it('refuses a password chosen by the administrator', async () => {
    const res = await invite(boss.cookie, newcomer({ password: 'the admin knows this one' }));
    expect(res.statusCode, res.body).toBe(400);
  });

  it('invites: the member is "invited", cannot sign in, and gets a single-use link by email', async () => {
    const body = newcomer();
    const res = await invite(boss.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json() as StaffMember;
    expect(member.invitation).toMatchObject({ state: 'pending' });
    expect(Date.parse(member.invitation?.expiresAt ?? '') - t.clock.now().getTime()).toBe(
      STAFF_INVITATION_TTL_HOURS * HOUR_MS,
    );
    const token = await invitationToken(t, body.email);
    // The token is never stored: only its hash.
    const [identity] = await t.database.db.select().from(identities).where(eq(identities.id, member.id));
    expect(JSON.stringify(identity)).not.toContain(token);

    const lookup = await post('/api/auth/staff-invitation/lookup', '', { token });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({ email: body.email, firstName: 'Nina' });

    const weak = await completeInvitation(t, token, 'short');
    expect(weak.statusCode).toBe(400);
    const done = await completeInvitation(t, token);
    expect(done.statusCode, done.body).toBe(200);
    const cookie = await loginAdmin(t, body.email, INVITEE_PASSWORD);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ staffRole: 'operator' });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invitation_complete'), eq(auditLog.subjectId, member.id)));
    expect(audit).toHaveLength(1);
  });

  it('a replayed link is refused, and cannot change the password again', async () => {
    const body = newcomer();
    expect((await invite(boss.cookie, body)).statusCode).toBe(201);
    const token = await invitationToken(t, body.email);
    expect((await completeInvitation(t, token)).statusCode).toBe(200);
    const replay = await completeInvitation(t, token, 'the attacker chose this');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('STAFF_INVITATION_INVALID');
    await expect(loginAdmin(t, body.email, 'the attacker chose this')).rejects.toThrow();
    await loginAdmin(t, body.email, INVITEE_PASSWORD);
    expect((await post('/api/auth/staff-invitation/lookup', '', { token })).statusCode).toBe(400);
  });

  it('the same link used twice at once: exactly one wins', async () => {
    const body = newcomer();
    expect((await invite(boss.cookie, body)).statusCode).toBe(201);
    const token = await invitationToken(t, body.email);
    const passwords = ['first racer password', 'second racer password', 'third racer password'];
    const answers = await Promise.all(passwords.map((p) => completeInvitation(t, token, p)));
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [passwords[i] ?? ''] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(2);
    await loginAdmin(t, body.email, winners[0] ?? '');
  });

  it('an expired link is refused; a resent one works and the old one stays dead', async () => {
    const body = newcomer();
    const created = (await invite(boss.cookie, body)).json() as StaffMember;
    const old = await invitationToken(t, body.email);
    t.clock.advanceMs(STAFF_INVITATION_TTL_HOURS * HOUR_MS + 1000);
    const late = await completeInvitation(t, old);
    expect(late.statusCode).toBe(400);
    // The administrator's session ended in the meantime too: sign in again.
    boss = { ...boss, cookie: await loginAdmin(t, bossLogin.email, bossLogin.password) };
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff',
      headers: { cookie: boss.cookie },
    });
    const listed = (list.json() as { items: StaffMember[] }).items.find((m) => m.id === created.id);
    expect(listed?.invitation?.state).toBe('expired');

    const resent = await post(`/api/admin/staff/${created.id}/invitation`, boss.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json() as StaffMember).invitation?.state).toBe('pending');
    const fresh = await invitationToken(t, body.email);
    expect(fresh).not.toBe(old);
    expect((await completeInvitation(t, old)).statusCode).toBe(400);
    expect((await completeInvitation(t, fresh)).statusCode).toBe(200);
    // Once activated there is nothing to resend.
    const again = await post(`/api/admin/staff/${created.id}/invitation`, boss.cookie);
    expect(again.statusCode).toBe(409);
  });

  it('a revoked link is refused', async () => {
    const body = newcomer();
    const created = (await invite(boss.cookie, body)).json() as StaffMember;
    const token = await invitationToken(t, body.email);
    const revoked = await post(`/api/admin/staff/${created.id}/invitation/revoke`, boss.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as StaffMember).invitation?.state).toBe('revoked');
    expect((await completeInvitation(t, token)).statusCode).toBe(400);
  });

  it('a different client: a page on another origin cannot complete it (CSRF); a made-up token is refused', async () => {
    const body = newcomer();
    await invite(boss.cookie, body);
    const token = await invitationToken(t, body.email);
    const foreign = await completeInvitation(t, token, INVITEE_PASSWORD, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await completeInvitation(t, `${token.slice(0, -2)}xx`)).statusCode).toBe(400);
    expect((await completeInvitation(t, 'x'.repeat(65))).statusCode).toBe(400);
    // The real invitee, in their own browser, still can.
    expect((await completeInvitation(t, token)).statusCode).toBe(200);
  });

  it('the lowest permission set (operator) cannot invite, resend, revoke or promote', async () => {
    const operator = await signInStaff(t, 'operator');
    const approver = await signInStaff(t, 'approver');
    const body = newcomer();
    const created = (await invite(boss.cookie, body)).json() as StaffMember;
    for (const as of [operator, approver]) {
      expect((await invite(as.cookie, newcomer())).statusCode).toBe(403);
      expect((await post(`/api/admin/staff/${created.id}/invitation`, as.cookie)).statusCode).toBe(403);
      expect((await post(`/api/admin/staff/${created.id}/invitation/revoke`, as.cookie)).statusCode).toBe(
        403,
      );
      const promote = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${as.userId}`,
        headers: { ...JSON_HEADERS, cookie: as.cookie },
        payload: { staffRole: 'administrator' },
      });
      expect(promote.statusCode).toBe(403);
    }
  });
});

describe('a new approver waits, and never approves for whoever appointed them (decision 0190)', () => {
  it('an administrator promotes an operator to approver, who cannot approve the administrator’s request', async () => {
    const clerk = await inviteStaff(t, boss.cookie, 'operator');
    const request = await bigCredit(boss.cookie);
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${clerk.userId}`,
      headers: { ...JSON_HEADERS, cookie: boss.cookie },
      payload: { staffRole: 'approver' },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const approved = await post(`/api/admin/requests/${request.id}/approve`, clerk.cookie);
    expect(approved.statusCode, approved.body).toBe(403);
    expect(approved.json().error.code).toBe('MONEY_REQUEST_APPROVER_TOO_NEW');
    // Still pending; a long-standing approver can decide it.
    const veteran = await signInStaff(t, 'approver');
    const decided = await post(`/api/admin/requests/${request.id}/approve`, veteran.cookie);
    expect(decided.statusCode, decided.body).toBe(200);
  });

  it('an invited approver cannot approve during the cooling-off period; afterwards they can', async () => {
    const fresh = await inviteStaff(t, boss.cookie, 'approver');
    const request = await bigCredit(boss.cookie);
    const early = await post(`/api/admin/requests/${request.id}/approve`, fresh.cookie);
    expect(early.statusCode).toBe(403);
    t.clock.advanceMs(APPROVER_COOLING_OFF_HOURS * HOUR_MS + 1000);
    const cookie = await loginAdmin(t, fresh.email, fresh.password);
    boss = { ...boss, cookie: await loginAdmin(t, bossLogin.email, bossLogin.password) };
    const other = await bigCredit(boss.cookie);
    const later = await post(`/api/admin/requests/${other.id}/approve`, cookie);
    expect(later.statusCode, later.body).toBe(200);
  });

  it('nobody approves a request made by someone they created or promoted within the period', async () => {
    // A long-standing approver promoted to administrator long ago (seeded): they create an
    // operator, the operator makes a request, and the administrator cannot approve it.
    const operator = await inviteStaff(t, boss.cookie, 'operator');
    const request = await bigCredit(operator.cookie);
    const refused = await post(`/api/admin/requests/${request.id}/approve`, boss.cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('MONEY_REQUEST_APPOINTED_MAKER');
    const refusal = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.money_request.approve'), eq(auditLog.subjectId, request.id)));
    expect(refusal[0]).toMatchObject({ outcome: 'denied' });
  });
});

let bossLogin: { email: string; password: string };
beforeAll(async () => {
  const row = await t.database.db
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.id, boss.userId));
  bossLogin = { email: row[0]?.email ?? '', password: 'admin password 123' };
});
