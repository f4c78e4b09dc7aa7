import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { auditLog, identities, outboxMessages, profiles } from '../../db/schema/index';
import {
  CONTACT_CHANGED_TEMPLATE,
  EMAIL_CHANGE_STOPPED_TEMPLATE,
  OTP_ATTEMPTS_MAX,
  OTP_RESEND_INTERVAL_MS,
} from '../email/index';
import { ACCOUNT_FAILURES_FREE } from '../auth/login-throttle';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signInStaff,
  signUpCustomer,
  uniqueEmail,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'reset by the branch 42';
const REASON = 'Customer called, identity verified by security questions';

let t: TestApp;
let admin: { userId: string; email: string; password: string };
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const login = (accountNumber: string, password: string) =>
  post('/api/auth/login', { accountNumber, password });

async function queuedCode(email: string): Promise<string> {
  const rows = await t.database.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.toEmail, email))
    .orderBy(desc(outboxMessages.id));
  const subject = rows.find((row) => row.subject.includes('Verification Code:'))?.subject ?? '';
  const code = /(\d{6})\s*$/.exec(subject)?.[1];
  if (!code) throw new Error(`no code queued to ${email}`);
  return code;
}
async function auditRow(action: string, subjectId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
/** Locks sign-in the way strangers would: wrong passwords until the account's bucket backs off. */
async function lockOut(customer: SignedUpCustomer) {
  for (let i = 0; i <= ACCOUNT_FAILURES_FREE; i += 1) await login(customer.accountNumber, 'wrong password!!');
  expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(401);
}

const ENDPOINTS = [
  ['password-reset', { reason: REASON }],
  ['unlock', { reason: REASON }],
  ['email-change', { newEmail: 'someone.new@example.test', reason: REASON }],
  ['email-change/confirm', { newEmail: 'someone.new@example.test', code: '123456', reason: REASON }],
] as const;

describe('the back office helps: access', () => {
  it('refuses a guest (401) and a customer (403), and changes nothing', async () => {
    const customer = await signUpCustomer(t);
    for (const [path, body] of ENDPOINTS) {
      const url = `/api/admin/users/${customer.userId}/${path}`;
      expect((await post(url, body)).statusCode, path).toBe(401);
      expect((await post(url, body, customer.cookie)).statusCode, path).toBe(403);
    }
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, customer.userId));
    expect(rows.filter((row) => row.action.startsWith('admin.'))).toEqual([]);
  });

  it('needs a reason on every action', async () => {
    const customer = await signUpCustomer(t);
    for (const [path, body] of ENDPOINTS) {
      const url = `/api/admin/users/${customer.userId}/${path}`;
      const { reason: _reason, ...withoutReason } = body;
      for (const bad of [
        withoutReason,
        { ...withoutReason, reason: '  ' },
        { ...withoutReason, reason: 'x'.repeat(1000) },
      ]) {
        const res = await post(url, bad, adminCookie);
        expect(res.statusCode, path).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('answers an admin, an unknown id and a malformed id as "User not found."', async () => {
    for (const id of [admin.userId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await post(`/api/admin/users/${id}/password-reset`, { reason: REASON }, adminCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(errorCatalogue.USER_NOT_FOUND.message);
    }
  });
});

describe('POST /api/admin/users/:id/password-reset', () => {
  it("emails a code to the customer's own address (never to the admin), which resets the password", async () => {
    const customer = await signUpCustomer(t);
    const res = await post(
      `/api/admin/users/${customer.userId}/password-reset`,
      { reason: REASON },
      adminCookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, email: customer.email });
    expect(res.body).not.toMatch(/\d{6}"/);
    const code = await queuedCode(customer.email);
    const row = await auditRow('admin.password_reset_sent', customer.userId);
    expect(row).toMatchObject({ outcome: 'success', actorId: admin.userId, reason: REASON });
    expect(JSON.stringify(row)).not.toContain(code);

    const reset = await post('/api/auth/password/reset', {
      identifier: customer.accountNumber,
      code,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(customer.accountNumber, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles a second code within the resend interval, and refuses a suspended customer', async () => {
    const customer = await signUpCustomer(t);
    const url = `/api/admin/users/${customer.userId}/password-reset`;
    expect((await post(url, { reason: REASON }, adminCookie)).statusCode).toBe(200);
    const again = await post(url, { reason: REASON }, adminCookie);
    expect(again.statusCode).toBe(429);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    await t.database.db
      .update(profiles)
      .set({ status: 'suspended' })
      .where(eq(profiles.userId, customer.userId));
    const suspended = await post(url, { reason: REASON }, adminCookie);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error.message).toBe(errorCatalogue.ACCOUNT_NOT_ACTIVE.message);
  });
});

describe('POST /api/admin/users/:id/unlock', () => {
  it('shows the lock in the file, lifts it with a reason, and the customer signs in again', async () => {
    const customer = await signUpCustomer(t);
    await lockOut(customer);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}`,
      headers: { cookie: adminCookie },
    });
    expect(file.json().signInLockedUntil).not.toBeNull();

    const res = await post(`/api/admin/users/${customer.userId}/unlock`, { reason: REASON }, adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, wasLocked: true });
    expect(await auditRow('admin.sign_in_unlock', customer.userId)).toMatchObject({
      outcome: 'success',
      actorId: admin.userId,
      reason: REASON,
    });
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}`,
      headers: { cookie: adminCookie },
    });
    expect(after.json().signInLockedUntil).toBeNull();
    const twice = await post(`/api/admin/users/${customer.userId}/unlock`, { reason: REASON }, adminCookie);
    expect(twice.json()).toEqual({ ok: true, wasLocked: false });
  });

  it('a password reset by the customer also lifts the sign-in lock', async () => {
    const customer = await signUpCustomer(t);
    await lockOut(customer);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    await post('/api/auth/password/forgot', { identifier: customer.accountNumber });
    const code = await queuedCode(customer.email);
    const reset = await post('/api/auth/password/reset', {
      identifier: customer.accountNumber,
      code,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(customer.accountNumber, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe("changing a customer's email", () => {
  const start = (userId: string, newEmail: string) =>
    post(`/api/admin/users/${userId}/email-change`, { newEmail, reason: REASON }, adminCookie);
  const confirm = (userId: string, newEmail: string, code: string) =>
    post(`/api/admin/users/${userId}/email-change/confirm`, { newEmail, code, reason: REASON }, adminCookie);

  it('sends a code to the new address; the code queues the change for a second member of staff, who applies it; both addresses hear of it; audited', async () => {
    const customer = await signUpCustomer(t);
    const newEmail = uniqueEmail('moved');
    const started = await start(customer.userId, newEmail.toUpperCase());
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ ok: true, newEmail });
    const code = await queuedCode(newEmail);
    // Nothing changed yet.
    const [before] = await t.database.db.select().from(identities).where(eq(identities.id, customer.userId));
    expect(before?.email).toBe(customer.email);

    const queued = await confirm(customer.userId, newEmail, code);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ ok: true, state: 'pending', newEmail });
    const [pending] = await t.database.db.select().from(identities).where(eq(identities.id, customer.userId));
    expect(pending?.email).toBe(customer.email);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${customer.userId}/email-change`,
      headers: { cookie: adminCookie },
    });
    expect(status.json().change).toMatchObject({ state: 'pending', newEmail, makerId: admin.userId });

    const checker = await signInStaff(t, 'approver');
    const approved = await post(
      `/api/admin/users/${customer.userId}/email-change/approve`,
      { reason: REASON },
      checker.cookie,
    );
    expect(approved.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(identities).where(eq(identities.id, customer.userId));
    expect(after?.email).toBe(newEmail);
    const alertsTo = async (to: string) =>
      t.database.db
        .select({ text: outboxMessages.text })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.toEmail, to), eq(outboxMessages.template, CONTACT_CHANGED_TEMPLATE)));
    expect(await alertsTo(newEmail)).toHaveLength(1);
    const old = await alertsTo(customer.email);
    expect(old).toHaveLength(1);
    expect(old[0]?.text).toContain('this old address too');
    expect(old[0]?.text).toMatch(/undo it with this link before .*\/email-change\/stop#token=/);
    expect(await auditRow('admin.email_change', customer.userId)).toMatchObject({
      outcome: 'success',
      actorId: checker.userId,
      reason: REASON,
      details: { before: { email: customer.email }, after: { email: newEmail }, makerId: admin.userId },
    });
    // The code is single use.
    expect((await confirm(customer.userId, newEmail, code)).statusCode).toBe(400);
  });

  it('a checker can reject a pending change: the address stays, the customer is told', async () => {
    const customer = await signUpCustomer(t);
    const newEmail = uniqueEmail('moved');
    await start(customer.userId, newEmail);
    expect((await confirm(customer.userId, newEmail, await queuedCode(newEmail))).statusCode).toBe(202);
    const checker = await signInStaff(t, 'approver');
    const url = `/api/admin/users/${customer.userId}/email-change/reject`;
    expect((await post(url, { reason: REASON }, adminCookie)).json().error.code).toBe('EMAIL_CHANGE_OWN');
    expect((await post(url, { reason: REASON }, checker.cookie)).statusCode).toBe(200);
    expect((await post(url, { reason: REASON }, checker.cookie)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(identities).where(eq(identities.id, customer.userId));
    expect(row?.email).toBe(customer.email);
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toEmail, customer.email),
          eq(outboxMessages.template, EMAIL_CHANGE_STOPPED_TEMPLATE),
        ),
      );
    expect(told).toHaveLength(1);
  });

  it('counts wrong codes and does not change the address', async () => {
    const customer = await signUpCustomer(t);
    const newEmail = uniqueEmail('moved');
    await start(customer.userId, newEmail);
    const code = await queuedCode(newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_ATTEMPTS_MAX; i += 1) await confirm(customer.userId, newEmail, wrong);
    const res = await confirm(customer.userId, newEmail, code);
    expect(res.json().error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    const [row] = await t.database.db.select().from(identities).where(eq(identities.id, customer.userId));
    expect(row?.email).toBe(customer.email);
  });

  it('binds the code to the customer and the address: it cannot confirm another address or customer', async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const newEmail = uniqueEmail('moved');
    await start(customer.userId, newEmail);
    const code = await queuedCode(newEmail);
    expect((await confirm(other.userId, newEmail, code)).json().error.code).toBe('OTP_INVALID');
    expect((await confirm(customer.userId, uniqueEmail('elsewhere'), code)).json().error.code).toBe(
      'OTP_INVALID',
    );
  });

  it("refuses an address another account uses, and the customer's own", async () => {
    const customer = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const taken = await start(customer.userId, other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(errorCatalogue.EMAIL_IN_USE.message);
    const same = await start(customer.userId, customer.email);
    expect(same.json().error.message).toBe(errorCatalogue.EMAIL_UNCHANGED.message);
  });

  it('refuses the change when a sign-up took the address between the code and the confirmation', async () => {
    const customer = await signUpCustomer(t);
    const newEmail = uniqueEmail('contested');
    await start(customer.userId, newEmail);
    const code = await queuedCode(newEmail);
    await signUpCustomer(t, { email: newEmail });
    const res = await confirm(customer.userId, newEmail, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_IN_USE');
    const alerts = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toEmail, customer.email),
          eq(outboxMessages.template, CONTACT_CHANGED_TEMPLATE),
        ),
      );
    expect(alerts).toEqual([]);
  });
});

describe('PATCH /api/admin/users/:id: date of birth and phone', () => {
  const patch = (userId: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${userId}`,
      headers: { ...JSON_HEADERS, cookie: adminCookie },
      payload,
    });

  it('corrects the date of birth with a reason, audited before and after; the sign-up rules apply', async () => {
    const customer = await signUpCustomer(t);
    const res = await patch(customer.userId, { dob: '1985-02-03', reason: REASON });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.dob).toBe('1985-02-03');
    expect(await auditRow('admin.user_update', customer.userId)).toMatchObject({
      reason: REASON,
      details: { before: { dob: '1990-04-12' }, after: { dob: '1985-02-03' } },
    });
    expect((await patch(customer.userId, { dob: '2020-01-01', reason: REASON })).statusCode).toBe(400);
    expect((await patch(customer.userId, { dob: '1985-02-03' })).statusCode).toBe(400);
  });

  it("mails the customer when staff change the phone number, in the edit's transaction", async () => {
    const customer = await signUpCustomer(t);
    expect((await patch(customer.userId, { phone: '+1 646 555 0123', reason: REASON })).statusCode).toBe(200);
    const alerts = await t.database.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toEmail, customer.email),
          eq(outboxMessages.template, CONTACT_CHANGED_TEMPLATE),
        ),
      );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('by our customer service');
  });
});
