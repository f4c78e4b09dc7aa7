import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_PATTERN, errorCatalogue } from '@larkspur/contract';
import {
  accounts,
  identities,
  mailboxMessages,
  outboxMessages,
  profiles,
  sessions,
} from '../../db/schema/index';
import { ACCOUNT_STATUS_TEMPLATE } from '../email/index';
import {
  JSON_HEADERS,
  cookieJar,
  createAdmin,
  latestCode,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  uniqueEmail,
  validSignup,
} from '../../test/identity';
import { accountProof } from '../../test/passkeys';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_FAILURES_FREE, LOCK_BASE_MS, STATUS_NOTICE_INTERVAL_MS } from './login-throttle';

const LOGIN_FAILED = errorCatalogue.LOGIN_FAILED.message;

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
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const login = (accountNumber: string, password: string, cookie?: string) =>
  post('/api/auth/login', { accountNumber, password }, cookie);
/** The account-status notices queued to an address, oldest first. */
const notices = (email: string) =>
  t.database.db
    .select({ subject: outboxMessages.subject, textBody: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, ACCOUNT_STATUS_TEMPLATE)))
    .orderBy(asc(outboxMessages.id));

describe('sign-up', () => {
  it('verifies the email, opens the account as product §3 says, and signs the customer in', async () => {
    const body = validSignup();
    const start = await post('/api/auth/signup/start', body);
    expect(start.statusCode).toBe(202);
    const code = await latestCode(t, body.email);
    const verify = await post('/api/auth/signup/verify', { ...body, code }, cookieJar(start));
    expect(verify.statusCode).toBe(201);
    const json = verify.json();
    expect(json.accountNumber).toMatch(ACCOUNT_NUMBER_PATTERN);
    expect(json.user).toMatchObject({
      role: 'user',
      firstName: 'Jane',
      surname: 'Doe',
      accountNumber: json.accountNumber,
    });

    const cookie = verify.cookies.find((c) => c.name === 'larkspur_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await get('/api/me', sessionCookie(verify));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: body.email,
      balance: '0.00',
      status: 'active',
      role: 'user',
      accountLimit: '50000.00',
      ssnLast4: '6789',
      accountNumber: json.accountNumber,
    });
    expect(me.json().avatar).toMatch(/^\/api\/avatars\/JD-[0-7]\.svg$/);
    const avatar = await get(me.json().avatar);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');

    const ledger = await t.database.db.select().from(accounts).where(eq(accounts.userId, json.user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.balanceCents).toBe(0n);
  });

  it('stores the SSN encrypted and never returns or logs it whole', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logLines: lines });
    try {
      const customer = await signUpCustomer(logged, { ssn: '321-54-9876' });
      const me = await logged.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: customer.cookie },
      });
      expect(me.body).not.toMatch(/321-?54-?9876/);
      const stored = await logged.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, customer.userId));
      expect(stored[0]?.ssnEncrypted).toMatch(/^v1:/);
      expect(stored[0]?.ssnEncrypted).not.toContain('9876');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toMatch(/321-?54-?9876/);
      expect(lines.join('\n')).not.toContain(customer.password);
      expect(lines.join('\n')).not.toContain(customer.cookie.split('=')[1]);
    } finally {
      await logged.close();
    }
  });

  it('answers a known email exactly like a new one, and mails the owner a notice instead of a code', async () => {
    const existing = await signUpCustomer(t);
    // Past the resend interval of the code its sign-up just mailed.
    t.clock.advanceMs(60_000);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(identities);
    const again = await post('/api/auth/signup/start', validSignup({ email: existing.email }));
    const fresh = await post('/api/auth/signup/start', validSignup());
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    const mail = await t.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toEmail, existing.email))
      .orderBy(sql`${mailboxMessages.id} desc`)
      .limit(1);
    expect(mail[0]?.subject).toMatch(/someone tried to open an account/i);
    expect(mail[0]?.text).not.toMatch(/\b\d{6}\b/);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(identities);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses verify without a started sign-up, and a wrong code', async () => {
    const body = validSignup();
    const res = await post('/api/auth/signup/verify', { ...body, code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OTP_INVALID');
    await post('/api/auth/signup/start', body);
    const code = await latestCode(t, body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/api/auth/signup/verify', { ...body, code: wrong });
    expect(bad.json().error).toMatchObject({ code: 'OTP_INVALID', field: 'code' });
  });

  it('cannot be confirmed twice with one code: a repeat opens nothing new, and only where the answer was lost', async () => {
    const body = validSignup();
    const browser = cookieJar(await post('/api/auth/signup/start', body));
    const code = await latestCode(t, body.email);
    const first = await post('/api/auth/signup/verify', { ...body, code }, browser);
    expect(first.statusCode).toBe(201);
    // The browser that got the answer no longer holds its pending cookie: refused.
    const twice = await post('/api/auth/signup/verify', { ...body, code }, cookieJar(first, browser));
    expect(twice.statusCode).toBe(400);
    // One that did not get it (decision 0106: lost at COMMIT) is answered with the same account.
    const repeat = await post('/api/auth/signup/verify', { ...body, code }, browser);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().accountNumber).toBe(first.json().accountNumber);
    const rows = await t.database.db
      .select()
      .from(identities)
      .where(eq(identities.email, body.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['password', { password: 'short pass', confirmPassword: 'short pass' }, 'password'],
    ['common password', { password: 'password1234', confirmPassword: 'password1234' }, 'password'],
    ['mismatched confirmation', { confirmPassword: 'something else entirely' }, 'confirmPassword'],
    ['SSN format', { ssn: '123456789' }, 'ssn'],
    ['under 18', { dob: '2015-01-01' }, 'dob'],
    ['email', { email: 'not-an-email' }, 'email'],
    ['overlong name', { firstName: 'x'.repeat(51) }, 'firstName'],
  ])('rejects a bad %s with 400 naming the field', async (_label, overrides, field) => {
    const res = await post('/api/auth/signup/start', validSignup(overrides as Record<string, string>));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toContain(field);
  });

  it('rejects unknown fields such as a role', async () => {
    const res = await post('/api/auth/signup/start', { ...validSignup(), role: 'admin' });
    expect(res.statusCode).toBe(400);
  });
});

describe('account numbers', () => {
  it('redraws when a number is taken (forced collision)', async () => {
    const draws = [12345678, 12345678, 87654321];
    const app = await buildTestApp({ randomInt: () => draws.shift() ?? 55555555 });
    try {
      const first = await signUpCustomer(app);
      const second = await signUpCustomer(app);
      expect(first.accountNumber).toBe('40912345678');
      expect(second.accountNumber).toBe('40987654321');
    } finally {
      await app.close();
    }
  });

  it('is 409 followed by eight digits from 10000000 to 99999999', async () => {
    const customer = await signUpCustomer(t);
    expect(customer.accountNumber).toMatch(/^409[1-9]\d{7}$/);
  });
});

describe('login', () => {
  it('signs in with account number and password, and rotates the session id', async () => {
    const customer = await signUpCustomer(t);
    const res = await login(customer.accountNumber, customer.password, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.accountNumber).toBe(customer.accountNumber);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(customer.cookie);
    // The session the request arrived with is over (no fixation).
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', fresh)).statusCode).toBe(200);
  });

  it.each([
    ['an email as identifier', (c: { email: string; password: string }) => [c.email, c.password]],
    ['an unknown account number', (c: { password: string }) => ['40900000000', c.password]],
    ['a wrong password', (c: { accountNumber: string }) => [c.accountNumber, 'not the password at all']],
  ] as const)('refuses %s with exactly the generic message', async (_label, make) => {
    const customer = await signUpCustomer(t);
    const [id, password] = make(customer as never) as [string, string];
    const res = await login(id, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'LOGIN_FAILED', message: LOGIN_FAILED } });
    expect(res.cookies).toHaveLength(0);
  });

  it('locks an account after repeated failures, answers generically even with the right password, and unlocks later', async () => {
    const customer = await signUpCustomer(t);
    for (let i = 0; i < ACCOUNT_FAILURES_FREE + 1; i++) {
      expect((await login(customer.accountNumber, 'wrong password here')).statusCode).toBe(401);
    }
    const locked = await login(customer.accountNumber, customer.password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.message).toBe(LOGIN_FAILED);
    t.clock.advanceMs(LOCK_BASE_MS + 1_000);
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(200);
  });

  it('answers a suspended or closed account with the generic message (product §8) and tells the owner why by email, once a period', async () => {
    const customer = await signUpCustomer(t);
    await t.database.db
      .update(profiles)
      .set({ status: 'suspended' })
      .where(eq(profiles.userId, customer.userId));
    const wrong = await login(customer.accountNumber, 'wrong password here');
    const right = await login(customer.accountNumber, customer.password);
    // The right password says no more than a wrong one: same status, same body.
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().error).toEqual({ code: 'LOGIN_FAILED', message: LOGIN_FAILED });
    expect(await notices(customer.email)).toEqual([
      expect.objectContaining({ subject: 'Larkspur Bank: a log-in to your suspended account was refused' }),
    ]);
    // Again within the interval: the same answer, and no second email.
    expect((await login(customer.accountNumber, customer.password)).json().error.code).toBe('LOGIN_FAILED');
    expect(await notices(customer.email)).toHaveLength(1);
    // A session opened before the suspension can no longer act as the customer.
    expect((await get('/api/me', customer.cookie)).json().error.code).toBe('ACCOUNT_SUSPENDED');

    await t.database.db
      .update(profiles)
      .set({ status: 'closed' })
      .where(eq(profiles.userId, customer.userId));
    t.clock.advanceMs(STATUS_NOTICE_INTERVAL_MS + 1_000);
    const closed = await login(customer.accountNumber, customer.password);
    expect(closed.statusCode).toBe(401);
    expect(closed.json().error.code).toBe('LOGIN_FAILED');
    const sent = await notices(customer.email);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('Larkspur Bank: a log-in to your closed account was refused');
    expect(sent[1]?.textBody).toContain('contact our support');
  });

  it('says how long to wait when the admin asks for a second code too soon: Retry-After and words', async () => {
    const admin = await createAdmin(t);
    const first = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(first.statusCode).toBe(202);
    t.clock.advanceMs(10_000);
    const again = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('20');
    expect(again.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait 20 seconds and try again.',
    });
  });

  it('answers a suspended admin with the right password generically too, and emails them why', async () => {
    const admin = await createAdmin(t);
    await t.database.db
      .update(profiles)
      .set({ status: 'suspended' })
      .where(eq(profiles.userId, admin.userId));
    const res = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'LOGIN_FAILED', message: LOGIN_FAILED });
    expect(await notices(admin.email)).toHaveLength(1);
  });

  it('answers "User profile not found." when the login has no profile', async () => {
    const admin = await createAdmin(t);
    await t.database.db.delete(profiles).where(eq(profiles.userId, admin.userId));
    const res = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User profile not found.');
  });

  it('rejects a login from a foreign origin (CSRF)', async () => {
    const customer = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: { accountNumber: customer.accountNumber, password: customer.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
  });
});

describe('sessions', () => {
  it('expire after 15 minutes idle', async () => {
    const customer = await signUpCustomer(t);
    t.clock.advanceMs(14 * 60_000);
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(200);
    t.clock.advanceMs(14 * 60_000);
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(200);
    t.clock.advanceMs(15 * 60_000 + 1_000);
    const res = await get('/api/me', customer.cookie);
    expect(res.statusCode).toBe(401);
    expect((await get('/api/auth/session', customer.cookie)).json()).toEqual({
      user: null,
      idleExpiresAt: null,
    });
  });

  it('expire 12 hours after sign-in however active', async () => {
    const customer = await signUpCustomer(t);
    for (let elapsedMs = 0; elapsedMs < 12 * 3_600_000 - 10 * 60_000; elapsedMs += 10 * 60_000) {
      t.clock.advanceMs(10 * 60_000);
      expect((await get('/api/me', customer.cookie)).statusCode).toBe(200);
    }
    t.clock.advanceMs(11 * 60_000);
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(401);
  });

  it('tell the browser when they idle out, and "stay signed in" moves the deadline', async () => {
    const customer = await signUpCustomer(t);
    const first = await get('/api/me', customer.cookie);
    const deadline = Date.parse(String(first.headers['x-session-idle-expires-at']));
    expect(deadline).toBe(t.clock.now().getTime() + 15 * 60_000);
    t.clock.advanceMs(10 * 60_000);
    const refreshed = await post('/api/auth/session/refresh', {}, customer.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(Date.parse(refreshed.json().idleExpiresAt)).toBe(t.clock.now().getTime() + 15 * 60_000);
  });

  it('end at logout on the server, not just in the browser', async () => {
    const customer = await signUpCustomer(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: customer.cookie, 'x-larkspur-request': '1' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'larkspur_session')?.value).toBe('');
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(401);
  });

  it('are stored only as hashes', async () => {
    const customer = await signUpCustomer(t);
    const raw = customer.cookie.split('=')[1] ?? '';
    const rows = await t.database.db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, customer.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.idHash).not.toContain(raw);
  });

  it('use __Host- prefixed Secure cookies over https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://bank.example' } });
    try {
      const body = validSignup();
      const headers = { 'content-type': 'application/json', origin: 'https://bank.example' };
      const start = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup/start',
        headers,
        payload: body,
      });
      const code = await latestCode(secure, body.email);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/signup/verify',
        headers: { ...headers, cookie: cookieJar(start) },
        payload: { ...body, code },
      });
      expect(res.cookies[0]).toMatchObject({
        name: '__Host-larkspur_session',
        secure: true,
        httpOnly: true,
        path: '/',
      });
    } finally {
      await secure.close();
    }
  });
});

describe('profile', () => {
  it('lets a customer change contact fields only, and rejects every other field', async () => {
    const customer = await signUpCustomer(t);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { phone: '+1 212 555 0100', occupation: 'Architect' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+1 212 555 0100', occupation: 'Architect' });
    for (const field of [
      'role',
      'status',
      'balance',
      'accountLimit',
      'accountNumber',
      'email',
      'ssn',
      'firstName',
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...JSON_HEADERS, cookie: customer.cookie },
        payload: { phone: '+1 212 555 0199', [field]: field === 'balance' ? '1000000.00' : 'admin' },
      });
      expect(res.statusCode, field).toBe(400);
    }
    const after = (await get('/api/me', customer.cookie)).json();
    expect(after).toMatchObject({
      role: 'user',
      status: 'active',
      balance: '0.00',
      accountLimit: '50000.00',
      phone: '+1 212 555 0100',
    });
  });

  it('changes the password and ends every other session of that person', async () => {
    const customer = await signUpCustomer(t);
    const other = sessionCookie(await login(customer.accountNumber, customer.password));
    const wrong = await post(
      '/api/me/password',
      {
        currentPassword: 'nope nope nope',
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
      customer.cookie,
    );
    expect(wrong.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      field: 'currentPassword',
    });
    const change = (stepUpToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: {
          ...JSON_HEADERS,
          cookie: customer.cookie,
          ...(stepUpToken ? { 'step-up-token': stepUpToken } : {}),
        },
        payload: {
          currentPassword: customer.password,
          newPassword: 'a brand new passphrase',
          confirmPassword: 'a brand new passphrase',
        },
      });
    // The password alone is not enough (issue 27, decision 0185): the emailed code's proof too.
    const bare = await change();
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(200);
    const res = await change(await accountProof(t, customer, 'password.change'));
    expect(res.statusCode).toBe(200);
    expect((await get('/api/me', customer.cookie)).statusCode).toBe(200);
    expect((await get('/api/me', other)).statusCode).toBe(401);
    expect((await login(customer.accountNumber, customer.password)).statusCode).toBe(401);
    expect((await login(customer.accountNumber, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('is refused to guests', async () => {
    const res = await get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('admin login', () => {
  it('needs the password and then the emailed code', async () => {
    const admin = await createAdmin(t);
    const cookie = await loginAdmin(t, admin.email, admin.password);
    const session = await get('/api/auth/session', cookie);
    expect(session.json().user).toMatchObject({ role: 'admin', email: admin.email, accountNumber: null });
  });

  it('refuses a wrong password and a customer at the staff door with the generic message', async () => {
    const admin = await createAdmin(t);
    const wrong = await post('/api/auth/admin/login', { email: admin.email, password: 'wrong wrong wrong' });
    expect(wrong.json().error.message).toBe(LOGIN_FAILED);
    const customer = await signUpCustomer(t);
    const res = await post('/api/auth/admin/login', { email: customer.email, password: customer.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(LOGIN_FAILED);
  });

  it('refuses verify without the password step and a wrong code', async () => {
    const admin = await createAdmin(t);
    const res = await post('/api/auth/admin/verify', { email: admin.email, code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('OTP_INVALID');
  });

  it('does not let an admin into the customer area', async () => {
    const admin = await createAdmin(t);
    const cookie = await loginAdmin(t, admin.email, admin.password);
    expect((await get('/api/me', cookie)).statusCode).toBe(403);
  });
});

describe('live profile stream', () => {
  it('pushes the profile when it changes, also when the change goes through another instance', async () => {
    const customer = await signUpCustomer(t);
    const peerDatabase = await t.database; // same database; a second app below is the other instance
    const { buildApp } = await import('../../app');
    const second = await buildApp({
      config: t.config,
      database: peerDatabase,
      clock: t.clock,
      logger: false,
      startBackgroundJobs: false,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/me/stream`, {
        headers: { cookie: customer.cookie },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      const nextProfile = async (): Promise<{ phone: string }> => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(event)?.[1];
            if (event.includes('event: profile') && data) return JSON.parse(data);
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          buffer += decoder.decode(value, { stream: true });
        }
      };
      expect((await nextProfile()).phone).toBe('+1 415 555 0142');
      await second.ready();
      const patch = await second.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...JSON_HEADERS, cookie: customer.cookie },
        payload: { phone: '+1 303 555 0123' },
      });
      expect(patch.statusCode).toBe(200);
      expect((await nextProfile()).phone).toBe('+1 303 555 0123');
      controller.abort();
    } finally {
      await second.close();
    }
  });
});

describe('audit', () => {
  it('records sign-ups, logins, failures and lockouts with the client IP', async () => {
    const customer = await signUpCustomer(t);
    await login(customer.accountNumber, 'wrong password here');
    await login(customer.accountNumber, customer.password);
    const rows = await t.database.db.execute<{ action: string; outcome: string; ip: string | null }>(
      sql`select action, outcome, ip from audit_log where subject_id = ${customer.userId} order by id`,
    );
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    const entries = (list as { action: string; outcome: string; ip: string | null }[]).map(
      (r) => `${r.action}:${r.outcome}`,
    );
    expect(entries).toEqual(['auth.signup:success', 'auth.login:failure', 'auth.login:success']);
    expect((list as { ip: string | null }[]).every((r) => r.ip === '127.0.0.1')).toBe(true);
  });
});

describe('uniqueness', () => {
  it('keeps one identity per email even when verified twice at once', async () => {
    const body = validSignup({ email: uniqueEmail('race') });
    const browser = cookieJar(await post('/api/auth/signup/start', body));
    const code = await latestCode(t, body.email);
    const results = await Promise.all([
      post('/api/auth/signup/verify', { ...body, code }, browser),
      post('/api/auth/signup/verify', { ...body, code }, browser),
    ]);
    // The second waits for the first, then is its repeat (decision 0106): the same account.
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results[1]?.json().accountNumber).toBe(results[0]?.json().accountNumber);
    const rows = await t.database.db
      .select()
      .from(identities)
      .where(eq(identities.email, body.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });
});
