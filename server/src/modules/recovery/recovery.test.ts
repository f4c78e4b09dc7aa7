import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { auditLog, identities, oneTimeCodes, outboxMessages, sessions } from '../../db/schema/index';
import {
  ACCOUNT_NUMBER_REMINDER_TEMPLATE,
  OTP_ATTEMPTS_MAX,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
  PASSWORD_CHANGED_TEMPLATE,
  WELCOME_TEMPLATE,
} from '../email/index';
import {
  JSON_HEADERS,
  sessionCookie,
  signUpCustomer,
  uniqueEmail,
  type SignedUpCustomer,
} from '../../test/identity';
import { accountProof } from '../../test/passkeys';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_NUMBER_REMINDER_INTERVAL_MS, RESET_FAILURES_FREE } from './recovery-service';

const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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
const forgot = (identifier: string) => post('/api/auth/password/forgot', { identifier });
const reset = (identifier: string, code: string, newPassword = NEW_PASSWORD) =>
  post('/api/auth/password/reset', { identifier, code, newPassword, confirmPassword: newPassword });

/** The newest code queued to an address (from the outbox: the reset code goes out that way). */
async function queuedCode(email: string): Promise<string> {
  const rows = await t.database.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toEmail, email), like(outboxMessages.subject, '%Verification Code:%')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /(\d{6})\s*$/.exec(rows[0]?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code queued to ${email}`);
  return code;
}
const mailTo = (email: string, template?: string) =>
  t.database.db
    .select({ subject: outboxMessages.subject, text: outboxMessages.text, template: outboxMessages.template })
    .from(outboxMessages)
    .where(
      template
        ? and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, template))
        : eq(outboxMessages.toEmail, email),
    )
    .orderBy(outboxMessages.id);
const codeRows = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.purpose, 'password_reset'))
  )[0]?.n ?? 0;
const outboxRows = async () => (await t.database.db.select({ n: count() }).from(outboxMessages))[0]?.n ?? 0;
const auditRows = async (action: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]?.n ?? 0;
const sessionsOf = async (userId: string) =>
  (await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;

/** The headers that carry the answer; the request id, the date and the per-IP counters are per request. */
function answerHeaders(res: { headers: Record<string, unknown> }): Record<string, unknown> {
  const skip = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'connection']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !skip.has(name)));
}

/** Moves past the resend interval so the next request issues a fresh code. */
const pastResendInterval = () => t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1);

describe('forgot password: no enumeration', () => {
  it('answers a matching and an unknown account number, and a matching and an unknown email, identically', async () => {
    const customer = await signUpCustomer(t);
    const answers = [];
    for (const identifier of [customer.accountNumber, '40900000001', customer.email, uniqueEmail('nobody')]) {
      pastResendInterval();
      answers.push(await forgot(identifier));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0]?.body);
      expect(answerHeaders(res)).toEqual(answerHeaders(answers[0] ?? res));
    }
    expect(answers[0]?.json()).toEqual({ ok: true });
  });

  it('does the same steps on both paths: one code row and one audit row each; only the match gets an email', async () => {
    const customer = await signUpCustomer(t);
    const steps = async (identifier: string) => {
      pastResendInterval();
      const before = {
        codes: await codeRows(),
        audit: await auditRows('auth.password_reset.requested'),
        outbox: await outboxRows(),
      };
      await forgot(identifier);
      return {
        codes: (await codeRows()) - before.codes,
        audit: (await auditRows('auth.password_reset.requested')) - before.audit,
        outbox: (await outboxRows()) - before.outbox,
      };
    };
    expect(await steps(customer.accountNumber)).toEqual({ codes: 1, audit: 1, outbox: 1 });
    expect(await steps('40900000002')).toEqual({ codes: 1, audit: 1, outbox: 0 });
    expect(await steps(uniqueEmail('nobody'))).toEqual({ codes: 1, audit: 1, outbox: 0 });
  });

  it('throttles resends quietly on both paths: still 202, no new code within the interval', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    for (const identifier of [customer.accountNumber, '40900000003']) {
      const first = await forgot(identifier);
      const codesAfterFirst = await codeRows();
      const second = await forgot(identifier);
      expect(first.statusCode).toBe(202);
      expect(second.statusCode).toBe(202);
      expect(second.body).toBe(first.body);
      expect(await codeRows()).toBe(codesAfterFirst);
    }
    expect(await mailTo(customer.email)).toHaveLength(2); // welcome + one code
  });

  it('gives an unknown identifier the answers a wrong code gets', async () => {
    pastResendInterval();
    await forgot('40900000004');
    const res = await reset('40900000004', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'OTP_INVALID',
      message: errorCatalogue.OTP_INVALID.message,
    });
  });

  it('sends nothing to a suspended customer, and says the same', async () => {
    const customer = await signUpCustomer(t);
    await t.database.db.execute(
      sql`update profiles set status = 'suspended' where user_id = ${customer.userId}`,
    );
    pastResendInterval();
    const res = await forgot(customer.accountNumber);
    expect(res.statusCode).toBe(202);
    expect((await mailTo(customer.email)).map((m) => m.template)).toEqual([WELCOME_TEMPLATE]);
  });
});

describe('reset password', () => {
  async function withTwoSessions(): Promise<SignedUpCustomer & { second: string }> {
    const customer = await signUpCustomer(t);
    const other = await login(customer.accountNumber, customer.password);
    expect(other.statusCode).toBe(200);
    return { ...customer, second: sessionCookie(other) };
  }

  it('sets the password with the emailed code, ends every session, mails "password changed" and audits', async () => {
    const customer = await withTwoSessions();
    expect(await sessionsOf(customer.userId)).toBe(2);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    // The code went to the customer's own address, with product §7's subject.
    const res = await reset(customer.accountNumber, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect(await sessionsOf(customer.userId)).toBe(0);
    for (const cookie of [customer.cookie, customer.second]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(401);
    expect((await login(customer.accountNumber, NEW_PASSWORD)).statusCode).toBe(200);

    const alerts = await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('reset with a code');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_reset'), eq(auditLog.subjectId, customer.userId)));
    expect(row).toMatchObject({ outcome: 'success', actorId: customer.userId });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('takes the email address as the identifier too, for a code asked for by account number', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    expect((await reset(customer.email.toUpperCase(), code)).statusCode).toBe(200);
  });

  it('accepts a code once', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    expect((await reset(customer.accountNumber, code)).statusCode).toBe(200);
    const again = await reset(customer.accountNumber, code, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('OTP_INVALID');
    expect((await login(customer.accountNumber, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a code after 5 minutes', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    t.clock.advanceMs(OTP_TTL_MS);
    const res = await reset(customer.accountNumber, code);
    expect(res.json().error).toMatchObject({
      code: 'OTP_EXPIRED',
      message: errorCatalogue.OTP_EXPIRED.message,
    });
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(200);
  });

  it('counts wrong codes: after 5 the right one is refused too', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < OTP_ATTEMPTS_MAX; i += 1)
      answers.push((await reset(customer.accountNumber, wrong)).json());
    expect(answers.slice(0, -1).every((a) => a.error.code === 'OTP_INVALID')).toBe(true);
    expect(answers.at(-1).error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
    expect((await reset(customer.accountNumber, code)).json().error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('counts concurrent wrong guesses exactly', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 3 }, () => reset(customer.accountNumber, wrong)));
    const [row] = await t.database.db
      .select({ failed: oneTimeCodes.failedAttempts })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'password_reset'), eq(oneTimeCodes.email, customer.email)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1);
    expect(row?.failed).toBe(3);
    expect((await reset(customer.accountNumber, code)).statusCode).toBe(200);
  });

  it('lets one of two simultaneous resets with the right code through', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    const results = await Promise.all([
      reset(customer.accountNumber, code),
      reset(customer.accountNumber, code, 'the other passphrase'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE)).toHaveLength(1);
  });

  it('a new code replaces the old one', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const first = await queuedCode(customer.email);
    pastResendInterval();
    await forgot(customer.email);
    const second = await queuedCode(customer.email);
    if (first !== second)
      expect((await reset(customer.accountNumber, first)).json().error.code).toBe('OTP_INVALID');
    expect((await reset(customer.accountNumber, second)).statusCode).toBe(200);
  });

  it(`backs off after ${RESET_FAILURES_FREE} wrong codes, whatever codes are asked for in between`, async () => {
    const customer = await signUpCustomer(t);
    let last;
    for (let i = 0; i <= RESET_FAILURES_FREE + 1; i += 1) {
      if (i % OTP_ATTEMPTS_MAX === 0) {
        pastResendInterval();
        await forgot(customer.accountNumber);
      }
      last = await reset(customer.accountNumber, '000000');
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error).toMatchObject({
      code: 'RECOVERY_BACKED_OFF',
      message: errorCatalogue.RECOVERY_BACKED_OFF.message,
    });
  });

  it('applies the password rules of sign-up', async () => {
    const res = await post('/api/auth/password/reset', {
      identifier: '40900000005',
      code: '123456',
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses over-long and malformed input with 400, never a 5xx', async () => {
    for (const body of [
      { identifier: 'x'.repeat(300) },
      { identifier: '' },
      { identifier: 5 },
      { identifier: '409', extra: true },
      {},
    ]) {
      expect((await post('/api/auth/password/forgot', body)).statusCode).toBe(400);
    }
    expect((await post('/api/auth/account-number/forgot', { email: 'not-an-email' })).statusCode).toBe(400);
  });
});

describe('forgot account number', () => {
  it('emails the account number to a customer, answers an unknown address identically, and throttles reminders', async () => {
    const customer = await signUpCustomer(t);
    const matched = await post('/api/auth/account-number/forgot', { email: customer.email.toUpperCase() });
    const unknown = await post('/api/auth/account-number/forgot', { email: uniqueEmail('nobody') });
    expect(matched.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(matched.body);
    expect(answerHeaders(unknown)).toEqual(answerHeaders(matched));
    const reminders = await mailTo(customer.email, ACCOUNT_NUMBER_REMINDER_TEMPLATE);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain(customer.accountNumber);

    await post('/api/auth/account-number/forgot', { email: customer.email });
    expect(await mailTo(customer.email, ACCOUNT_NUMBER_REMINDER_TEMPLATE)).toHaveLength(1);
    t.clock.advanceMs(ACCOUNT_NUMBER_REMINDER_INTERVAL_MS);
    await post('/api/auth/account-number/forgot', { email: customer.email });
    expect(await mailTo(customer.email, ACCOUNT_NUMBER_REMINDER_TEMPLATE)).toHaveLength(2);
  });
});

describe('welcome email', () => {
  it('is queued at sign-up with the account number and how to log in', async () => {
    const customer = await signUpCustomer(t);
    const welcome = await mailTo(customer.email, WELCOME_TEMPLATE);
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.text).toContain(customer.accountNumber);
    expect(welcome[0]?.text).toContain('/login');
    expect(welcome[0]?.text).toContain('not your email address');
  });
});

describe('alerts are written in the same transaction as their change', () => {
  /** Makes the change's own audit row fail, so its transaction rolls back after the alert was queued. */
  async function failingAudit(action: string, body: () => Promise<void>) {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function recovery_test_fail() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger recovery_test_fail before insert on audit_log
      for each row execute function recovery_test_fail()`),
    );
    try {
      await body();
    } finally {
      await db.execute(sql.raw('drop trigger recovery_test_fail on audit_log'));
    }
  }

  it('a reset that fails writes no email and changes no password', async () => {
    const customer = await signUpCustomer(t);
    pastResendInterval();
    await forgot(customer.accountNumber);
    const code = await queuedCode(customer.email);
    await failingAudit('auth.password_reset', async () => {
      const res = await reset(customer.accountNumber, code);
      expect(res.statusCode).toBe(500);
    });
    expect(await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE)).toHaveLength(0);
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(200);
  });

  it('the profile password change mails the alert with the change, and not when it fails', async () => {
    const customer = await signUpCustomer(t);
    // The second factor's proof (decision 0185), earned once: the failed change must not spend it.
    const proof = await accountProof(t, customer, 'password.change');
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: { ...JSON_HEADERS, cookie: customer.cookie, 'step-up-token': proof },
        payload: { currentPassword: customer.password, newPassword, confirmPassword: newPassword },
      });
    await failingAudit('auth.password_change', async () => {
      expect((await change('first new passphrase')).statusCode).toBe(500);
    });
    expect(await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE)).toHaveLength(0);
    expect((await change('first new passphrase')).statusCode).toBe(200);
    const alerts = await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('changed from your profile');
  });

  it('a phone change by the customer mails the alert with the change, and not when it fails', async () => {
    const customer = await signUpCustomer(t);
    const patch = (phone: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...JSON_HEADERS, cookie: customer.cookie },
        payload: { phone },
      });
    const phoneAlerts = async () =>
      (await mailTo(customer.email, 'contact-changed-alert')).filter((m) => m.subject.includes('phone'));
    await failingAudit('profile.update', async () => {
      expect((await patch('+1 212 555 0199')).statusCode).toBe(500);
    });
    expect(await phoneAlerts()).toHaveLength(0);
    expect((await patch('+1 212 555 0199')).statusCode).toBe(200);
    const alerts = await phoneAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('ending 0199');
    // Other contact fields are no security event.
    const address = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { address: '2 Other Street' },
    });
    expect(address.statusCode).toBe(200);
    expect(await phoneAlerts()).toHaveLength(1);
  });

  it('a wrong current password changes nothing and mails no alert', async () => {
    const customer = await signUpCustomer(t);
    const res = await post(
      '/api/me/password',
      { currentPassword: 'not the password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      customer.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(await mailTo(customer.email, PASSWORD_CHANGED_TEMPLATE)).toHaveLength(0);
    const [row] = await t.database.db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.id, customer.userId));
    expect(row?.email).toBe(customer.email);
  });
});
