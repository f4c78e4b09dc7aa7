import crypto from 'node:crypto';
import { and, desc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { auditLog, identities, mailboxMessages, outboxMessages } from '../../db/schema/index';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signInStaff,
  signUpCustomer,
  uniqueEmail,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { OTP_RESEND_INTERVAL_MS } from '../email/index';
import { EMAIL_CHANGE_COOLING_OFF_MS } from './email-change';

/**
 * Issue 27, finding 1 (decision 0182): one member of staff — the lowest permission set — must not
 * be able to take a customer over by changing the email address that the password reset and the
 * payment step-up trust. Each test plays the whole chain an attacker would: change the address →
 * "Forgot your password?" → sign in → save a payee → answer the step-up → pay.
 */

const REASON = 'Customer called, identity verified by security questions';
const ATTACKER_PASSWORD = 'taken over 4 good!';

let t: TestApp;
let admin: { email: string; password: string };
beforeAll(async () => {
  t = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as object,
  });

const lastOutboxId = async () =>
  (
    await t.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .orderBy(desc(outboxMessages.id))
      .limit(1)
  )[0]?.id ?? 0;
const lastMailboxId = async () =>
  (
    await t.database.db
      .select({ id: mailboxMessages.id })
      .from(mailboxMessages)
      .orderBy(desc(mailboxMessages.id))
      .limit(1)
  )[0]?.id ?? 0;

/** A code queued (outbox) or sent (mailbox) to `email` after the markers; null when none was. */
async function codeSentTo(email: string, since: { outbox: number; mailbox: number }): Promise<string | null> {
  const queued = await t.database.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toEmail, email),
        gt(outboxMessages.id, since.outbox),
        like(outboxMessages.subject, '%Verification Code:%'),
      ),
    )
    .orderBy(desc(outboxMessages.id));
  const sent = await t.database.db
    .select({ subject: mailboxMessages.subject })
    .from(mailboxMessages)
    .where(
      and(
        eq(mailboxMessages.toEmail, email),
        gt(mailboxMessages.id, since.mailbox),
        like(mailboxMessages.subject, '%Verification Code:%'),
      ),
    )
    .orderBy(desc(mailboxMessages.id));
  const subject = queued[0]?.subject ?? sent[0]?.subject;
  return subject ? (/(\d{6})\s*$/.exec(subject)?.[1] ?? null) : null;
}
const markers = async () => ({ outbox: await lastOutboxId(), mailbox: await lastMailboxId() });

/** The text of the newest email of a template to an address since a marker. */
async function mailTo(to: string, template: string, since = 0) {
  const rows = await t.database.db
    .select({ text: outboxMessages.text, template: outboxMessages.template })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toEmail, to),
        eq(outboxMessages.template, template),
        gt(outboxMessages.id, since),
      ),
    )
    .orderBy(desc(outboxMessages.id));
  return rows.map((row) => row.text);
}

const emailOf = async (userId: string) =>
  (
    await t.database.db.select({ email: identities.email }).from(identities).where(eq(identities.id, userId))
  )[0]?.email;

/** What the attacker holding `attackerEmail` gets out of the chain, step by step. */
type Outcome = { stoppedAt: 'reset-code' | 'reset' | 'login' | 'payee' | 'step-up' | 'transfer' | null };

async function attackerTriesChain(
  victim: SignedUpCustomer,
  mule: SignedUpCustomer,
  attackerEmail: string,
): Promise<Outcome> {
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  const before = await markers();
  const forgot = await post('/api/auth/password/forgot', { identifier: victim.accountNumber });
  expect(forgot.statusCode).toBe(202);
  const resetCode = await codeSentTo(attackerEmail, before);
  if (!resetCode) return { stoppedAt: 'reset-code' };
  const reset = await post('/api/auth/password/reset', {
    identifier: victim.accountNumber,
    code: resetCode,
    newPassword: ATTACKER_PASSWORD,
    confirmPassword: ATTACKER_PASSWORD,
  });
  if (reset.statusCode !== 200) return { stoppedAt: 'reset' };
  const login = await post('/api/auth/login', {
    accountNumber: victim.accountNumber,
    password: ATTACKER_PASSWORD,
  });
  if (login.statusCode !== 200) return { stoppedAt: 'login' };
  const cookie = sessionCookie(login);
  const payee = await post(
    '/api/me/payees',
    { type: 'Local Transfer', recipientAccount: mule.accountNumber, recipientName: 'Mule' },
    cookie,
  );
  if (payee.statusCode !== 201) return { stoppedAt: 'payee' };
  return payFromSession(cookie, mule, attackerEmail);
}

/** Pays the mule from a session, answering the step-up with a code mailed to `codeReader`. */
async function payFromSession(cookie: string, mule: SignedUpCustomer, codeReader: string): Promise<Outcome> {
  const transfer = {
    type: 'Local Transfer',
    recipientAccount: mule.accountNumber,
    recipientName: 'Mule',
    purpose: 'Gift',
    amount: '900.00',
    confirmPayeeRisk: true,
  };
  const idempotencyKey = crypto.randomUUID();
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  const since = await markers();
  const start = await post('/api/transfers/step-up', { transfer, idempotencyKey }, cookie);
  if (start.statusCode !== 200) return { stoppedAt: 'step-up' };
  const code = await codeSentTo(codeReader, since);
  if (!code) return { stoppedAt: 'step-up' };
  const verify = await post(
    '/api/transfers/step-up/verify',
    { challengeId: start.json().challengeId, code },
    cookie,
  );
  if (verify.statusCode !== 200) return { stoppedAt: 'step-up' };
  const sent = await post('/api/transfers', transfer, cookie, {
    'idempotency-key': idempotencyKey,
    'step-up-token': verify.json().token as string,
  });
  return { stoppedAt: sent.statusCode === 201 ? null : 'transfer' };
}

async function victimAndMule() {
  const victim = await signUpCustomer(t);
  // Signed in afresh: a test before may have moved the clock past a session's life.
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
  await credit(t, await loginAdmin(t, admin.email, admin.password), victim.userId, '1000.00');
  const mule = await signUpCustomer(t);
  return { victim, mule };
}

/** The staff-help change up to the code: start, read the code from the attacker's mailbox, confirm. */
async function staffChange(maker: { cookie: string }, userId: string, newEmail: string) {
  const since = await markers();
  const start = await post(
    `/api/admin/users/${userId}/email-change`,
    { newEmail, reason: REASON },
    maker.cookie,
  );
  expect(start.statusCode, start.body).toBe(200);
  const code = await codeSentTo(newEmail, since);
  if (!code) throw new Error('no email-change code');
  return post(
    `/api/admin/users/${userId}/email-change/confirm`,
    { newEmail, code, reason: REASON },
    maker.cookie,
  );
}
const approve = (checker: { cookie: string }, userId: string) =>
  post(`/api/admin/users/${userId}/email-change/approve`, { reason: REASON }, checker.cookie);

/** The link mailed to the old address, as the customer would follow it: its token. */
async function stopTokenMailedTo(oldEmail: string): Promise<string> {
  const rows = await t.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(eq(outboxMessages.toEmail, oldEmail))
    .orderBy(desc(outboxMessages.id));
  for (const row of rows) {
    const token = /\/email-change\/stop#token=([A-Za-z0-9_-]+)/.exec(row.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no stop link mailed to ${oldEmail}`);
}

describe('issue 27: one operator cannot take a customer over through the email address', () => {
  it('an operator alone: the change waits for a second person, and the chain stops before any money moves', async () => {
    const { victim, mule } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const attackerEmail = uniqueEmail('attacker');
    const sinceChange = await lastOutboxId();

    const confirmed = await staffChange(operator, victim.userId, attackerEmail);
    expect(confirmed.statusCode, confirmed.body).toBe(202);
    expect(confirmed.json()).toMatchObject({ ok: true, state: 'pending' });
    expect(await emailOf(victim.userId)).toBe(victim.email);
    // The operator holds no approval: the change stays pending.
    const selfApprove = await approve(operator, victim.userId);
    expect(selfApprove.statusCode).toBe(403);

    const outcome = await attackerTriesChain(victim, mule, attackerEmail);
    expect(outcome.stoppedAt).toBe('reset-code');
    expect(await balanceOf(t, victim)).toBe('1000.00');
    expect(await balanceOf(t, mule)).toBe('0.00');
    // The customer hears of it at the address they own, with a way to stop it.
    const pending = await mailTo(victim.email, 'email-change-pending-notice', sinceChange);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatch(/\/email-change\/stop#token=/);
  });

  it('an operator and an approver colluding in sequence: the new address gets no reset and no step-up code while it cools off; the customer stops it from the old address', async () => {
    const { victim, mule } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const approver = await signInStaff(t, 'approver');
    const attackerEmail = uniqueEmail('attacker');

    expect((await staffChange(operator, victim.userId, attackerEmail)).statusCode).toBe(202);
    const approved = await approve(approver, victim.userId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await emailOf(victim.userId)).toBe(attackerEmail);

    const outcome = await attackerTriesChain(victim, mule, attackerEmail);
    expect(outcome.stoppedAt).toBe('reset-code');
    // Nor will staff send a reset code there for them.
    const staffReset = await post(
      `/api/admin/users/${victim.userId}/password-reset`,
      { reason: REASON },
      operator.cookie,
    );
    expect(staffReset.statusCode).toBe(409);
    expect(staffReset.json().error.code).toBe('EMAIL_COOLING_OFF');
    // A phished (or the customer's own) session gets no step-up code at the new address either.
    const phished = await payFromSession(victim.cookie, mule, attackerEmail);
    expect(phished.stoppedAt).toBe('step-up');
    const refused = await post(
      '/api/transfers/step-up',
      {
        transfer: {
          type: 'Local Transfer',
          recipientAccount: mule.accountNumber,
          recipientName: 'Mule',
          purpose: 'Gift',
          amount: '900.00',
          confirmPayeeRisk: true,
        },
        idempotencyKey: crypto.randomUUID(),
      },
      victim.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_EMAIL_COOLING_OFF');
    expect(await balanceOf(t, victim)).toBe('1000.00');

    // The owner of the old address follows the link: the address is theirs again, every session ends.
    const token = await stopTokenMailedTo(victim.email);
    const stopped = await post('/api/auth/email-change/stop', { token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await emailOf(victim.userId)).toBe(victim.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: victim.cookie } })).statusCode,
    ).toBe(401);
    // The link works once.
    expect((await post('/api/auth/email-change/stop', { token })).statusCode).toBe(400);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, victim.userId), like(auditLog.action, '%email_change%')));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'admin.email_change.requested',
        'admin.email_change',
        'auth.email_change.stopped',
      ]),
    );
  });

  it('after the cooling-off, the new address works for a real move (the point of the staff help)', async () => {
    const { victim, mule } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const approver = await signInStaff(t, 'approver');
    const newEmail = uniqueEmail('moved');
    expect((await staffChange(operator, victim.userId, newEmail)).statusCode).toBe(202);
    expect((await approve(approver, victim.userId)).statusCode).toBe(200);
    t.clock.advanceMs(EMAIL_CHANGE_COOLING_OFF_MS);
    const outcome = await attackerTriesChain(victim, mule, newEmail);
    expect(outcome.stoppedAt).toBeNull();
    // The stop link has lapsed with the cooling-off.
    const token = await stopTokenMailedTo(victim.email);
    expect((await post('/api/auth/email-change/stop', { token })).statusCode).toBe(400);
  });

  it('two operators colluding: neither can approve, and an administrator cannot approve their own request', async () => {
    const { victim } = await victimAndMule();
    const first = await signInStaff(t, 'operator');
    const second = await signInStaff(t, 'operator');
    expect((await staffChange(first, victim.userId, uniqueEmail('attacker'))).statusCode).toBe(202);
    expect((await approve(second, victim.userId)).statusCode).toBe(403);

    const other = await signUpCustomer(t);
    const administrator = await signInStaff(t, 'administrator');
    expect((await staffChange(administrator, other.userId, uniqueEmail('attacker'))).statusCode).toBe(202);
    const own = await approve(administrator, other.userId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(errorCatalogue.EMAIL_CHANGE_OWN.message);
    expect(await emailOf(other.userId)).toBe(other.email);
  });

  it('in parallel: two requests make one pending change; two approvals apply it once; a stop racing an approval wins', async () => {
    const { victim } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const a = uniqueEmail('attacker-a');
    const b = uniqueEmail('attacker-b');
    const [one, two] = await Promise.all([
      staffChange(operator, victim.userId, a),
      staffChange(operator, victim.userId, b),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([202, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().error.code).toBe('EMAIL_CHANGE_PENDING');

    const [c1, c2] = [await signInStaff(t, 'approver'), await signInStaff(t, 'approver')];
    const approvals = await Promise.all([approve(c1, victim.userId), approve(c2, victim.userId)]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const applied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, victim.userId), eq(auditLog.action, 'admin.email_change')));
    expect(applied).toHaveLength(1);

    // A stop and an approval at once: whichever runs first, the address ends as the customer's own.
    const other = await signUpCustomer(t);
    expect((await staffChange(operator, other.userId, uniqueEmail('attacker-c'))).statusCode).toBe(202);
    const token = await stopTokenMailedTo(other.email);
    const [stop] = await Promise.all([
      post('/api/auth/email-change/stop', { token }),
      approve(c1, other.userId),
    ]);
    expect(stop.statusCode).toBe(200);
    expect(await emailOf(other.userId)).toBe(other.email);
  });

  it('no other door: PATCH /api/admin/users/:id and PATCH /api/me refuse an email field', async () => {
    const victim = await signUpCustomer(t);
    const operator = await signInStaff(t, 'operator');
    const admin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${victim.userId}`,
      headers: { ...JSON_HEADERS, cookie: operator.cookie },
      payload: { email: uniqueEmail('attacker'), reason: REASON },
    });
    expect(admin.statusCode).toBe(400);
    const me = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: victim.cookie },
      payload: { email: uniqueEmail('attacker') },
    });
    expect(me.statusCode).toBe(400);
    expect(await emailOf(victim.userId)).toBe(victim.email);
  });
});

describe('the customer sees every stage of a staff-help email change on their security page', () => {
  const events = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/security-events', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { title: string }[] }).items.map((e) => e.title);
  };
  const signIn = async (customer: SignedUpCustomer) => {
    const res = await post(
      '/api/auth/login',
      { accountNumber: customer.accountNumber, password: customer.password },
      customer.browser,
    );
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  };

  it('asked for, then cancelled by a second member of staff', async () => {
    const { victim } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const approver = await signInStaff(t, 'approver');
    expect((await staffChange(operator, victim.userId, uniqueEmail('attacker'))).statusCode).toBe(202);
    expect(await events(victim.cookie)).toContain('The bank asked to change your email address');
    const rejected = await post(
      `/api/admin/users/${victim.userId}/email-change/reject`,
      { reason: 'The customer did not ask for it' },
      approver.cookie,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await events(victim.cookie)).toContain('A change of your email address was cancelled by the bank');
  });

  it('applied, then put back from the old address: never read as a changed address afterwards', async () => {
    const { victim } = await victimAndMule();
    const operator = await signInStaff(t, 'operator');
    const approver = await signInStaff(t, 'approver');
    expect((await staffChange(operator, victim.userId, uniqueEmail('attacker'))).statusCode).toBe(202);
    expect((await approve(approver, victim.userId)).statusCode).toBe(200);
    const stopped = await post('/api/auth/email-change/stop', {
      token: await stopTokenMailedTo(victim.email),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const titles = await events(await signIn(victim));
    expect(titles.slice(0, 4)).toEqual(
      expect.arrayContaining([
        'You put your email address back',
        'Your email address was changed by the bank',
        'The bank asked to change your email address',
      ]),
    );
    expect(titles.indexOf('You put your email address back')).toBeLessThan(
      titles.indexOf('Your email address was changed by the bank'),
    );
  });
});
