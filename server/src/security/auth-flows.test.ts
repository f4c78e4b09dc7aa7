import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '../db/schema/index';
import {
  ACCOUNT_FAILURES_FREE,
  LOCK_MAX_MS,
  HARD_LOCK_FAILURES,
  IP_FAILURES_FREE,
  LOCK_BASE_MS,
  RECHECK_FAILURES_MAX,
} from '../modules/auth/login-throttle';
import { FAILED_SIGN_INS_TEMPLATE, PASSWORD_RECHECK_TEMPLATE } from '../modules/email/notice-templates';
import { OTP_RESEND_INTERVAL_MS } from '../modules/email/otp-service';
import {
  JSON_HEADERS,
  cookieJar,
  createAdmin,
  latestCode,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  validSignup,
  type SignedUpCustomer,
} from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';
import { expectRejection } from './world';

/**
 * Sign-in and sign-up as an attacker sees them. What identity.test.ts already proves is referenced,
 * not repeated: customer login rotating the session id, idle and absolute expiry, logout and
 * password change revoking sessions, __Host- + Secure over https at sign-up, a signup code used
 * twice, signup/verify and admin/verify without their first step.
 *
 * Enumeration by timing is shown structurally, never with a stopwatch: an unknown account costs
 * exactly one argon2 verification, like a known one (a spy counts the calls).
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify), hash: vi.fn(real.hash) };
});
const verifySpy = vi.mocked(argon2.verify);

const LOGIN_FAILED = { error: { code: 'LOGIN_FAILED', message: errorCatalogue.LOGIN_FAILED.message } };

let t: TestApp;
let customer: SignedUpCustomer;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  t = await buildTestApp();
  customer = await signUpCustomer(t);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  verifySpy.mockClear();
  // Every test may mail a fresh code to the same people: step past the resend interval.
  t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
});

let address = 0;
/** Each attempt from its own address, unless one is given: the per-IP counters stay out of the way. */
const post = (url: string, payload: unknown, options: { cookie?: string; ip?: string } = {}) => {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.ip ?? `10.42.${(address >> 8) % 250}.${address % 250}`,
    headers: { ...JSON_HEADERS, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: payload as object,
  });
};

describe('account enumeration', () => {
  it('pays exactly one password verification for an unknown account, a wrong password and an email as identifier', async () => {
    const cases: [string, { accountNumber: string; password: string }][] = [
      ['unknown account', { accountNumber: '40999999999', password: 'some password 123' }],
      ['wrong password', { accountNumber: customer.accountNumber, password: 'some password 123' }],
      ['email as identifier', { accountNumber: customer.email, password: customer.password }],
      ['injection as identifier', { accountNumber: "' or 1=1 --", password: 'x' }],
    ];
    for (const [label, body] of cases) {
      verifySpy.mockClear();
      const res = await post('/api/auth/login', body);
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual(LOGIN_FAILED);
      expect(verifySpy, label).toHaveBeenCalledTimes(1);
    }
  });

  it('pays one verification at the staff door too, for an unknown email, a customer and a wrong password', async () => {
    const cases: [string, { email: string; password: string }][] = [
      ['unknown email', { email: 'nobody@example.test', password: 'some password 123' }],
      ['customer at the staff door', { email: customer.email, password: customer.password }],
      ['admin, wrong password', { email: admin.email, password: 'some password 123' }],
    ];
    for (const [label, body] of cases) {
      verifySpy.mockClear();
      const res = await post('/api/auth/admin/login', body);
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual(LOGIN_FAILED);
      expect(verifySpy, label).toHaveBeenCalledTimes(1);
    }
  });

  it('answers sign-up for a taken email exactly like a new one (status and body keys)', async () => {
    // identity.test.ts checks the notice mail; here the shape of the answer, field by field.
    const taken = await post('/api/auth/signup/start', validSignup({ email: customer.email }));
    expect(taken.statusCode).toBe(202);
    const fresh = await post('/api/auth/signup/start', validSignup());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
  });
});

describe('login throttling', () => {
  it(`slows down one address after ${IP_FAILURES_FREE} failures across many accounts (credential stuffing)`, async () => {
    const ip = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i <= IP_FAILURES_FREE + 1; i++) {
      const res = await post(
        '/api/auth/login',
        { accountNumber: `4091${String(i).padStart(7, '0')}`, password: 'guess guess guess' },
        { ip },
      );
      answers.push(res.statusCode);
      // Whatever stops it — the account lock, the per-IP lock or the request ceiling — it says so generically.
      expectRejection(res);
    }
    // The real customer's right password from that address is now refused too (the address is locked)…
    const fromThere = await post(
      '/api/auth/login',
      { accountNumber: customer.accountNumber, password: customer.password },
      { ip },
    );
    expect([401, 429]).toContain(fromThere.statusCode);
    // …while the customer at home signs in.
    const fromHome = await post('/api/auth/login', {
      accountNumber: customer.accountNumber,
      password: customer.password,
    });
    expect(fromHome.statusCode).toBe(200);
  });
});

describe('steps cannot be skipped', () => {
  it('refuses an admin code used twice', async () => {
    const start = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(start.statusCode).toBe(202);
    const browser = cookieJar(start);
    const code = await latestCode(t, admin.email);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
    expect(
      (await post('/api/auth/admin/verify', { email: admin.email, code }, { cookie: browser })).statusCode,
    ).toBe(200);
    const again = await post('/api/auth/admin/verify', { email: admin.email, code }, { cookie: browser });
    expectRejection(again, 400);
  });

  it('refuses a sign-up code at the staff door and for another address', async () => {
    const body = validSignup();
    const start = await post('/api/auth/signup/start', body);
    expect(start.statusCode).toBe(202);
    const browser = cookieJar(start);
    const code = await latestCode(t, body.email);
    // The code is bound to its purpose…
    expectRejection(
      await post('/api/auth/admin/verify', { email: body.email, code }, { cookie: browser }),
      400,
    );
    // …and to its address.
    const other = validSignup();
    expectRejection(await post('/api/auth/signup/verify', { ...other, code }, { cookie: browser }), 400);
    // It still works where it belongs, once.
    expect((await post('/api/auth/signup/verify', { ...body, code }, { cookie: browser })).statusCode).toBe(
      201,
    );
  });

  it('refuses an admin/verify whose password step was done for another admin', async () => {
    const other = await createAdmin(t);
    const start = await post('/api/auth/admin/login', { email: other.email, password: other.password });
    expect(start.statusCode).toBe(202);
    const code = await latestCode(t, other.email);
    expectRejection(
      await post('/api/auth/admin/verify', { email: admin.email, code }, { cookie: cookieJar(start) }),
      400,
    );
  });

  it('does not accept a changed sign-up form at verify as another person (code bound to the email)', async () => {
    const body = validSignup();
    const start = await post('/api/auth/signup/start', body);
    const code = await latestCode(t, body.email);
    const swapped = await post(
      '/api/auth/signup/verify',
      { ...body, email: validSignup().email, code },
      { cookie: cookieJar(start) },
    );
    expectRejection(swapped, 400);
  });
});

describe('session cookies', () => {
  const flagsOf = (res: Awaited<ReturnType<typeof post>>) =>
    res.cookies.find((c) => c.name.endsWith('larkspur_session'));

  it('rotates the id at admin sign-in and ends the session the browser arrived with (fixation)', async () => {
    // A guest-planted or old session id: the attacker's own customer session.
    const planted = customer.cookie;
    const start = await post('/api/auth/admin/login', { email: admin.email, password: admin.password });
    expect(start.statusCode).toBe(202);
    const code = await latestCode(t, admin.email);
    const verified = await post(
      '/api/auth/admin/verify',
      { email: admin.email, code },
      { cookie: cookieJar(start, planted) },
    );
    expect(verified.statusCode).toBe(200);
    const fresh = sessionCookie(verified);
    expect(fresh).not.toBe(planted);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: planted } });
    expect(old.json().user).toBeNull();
    customer = {
      ...customer,
      cookie: sessionCookie(
        await post('/api/auth/login', { accountNumber: customer.accountNumber, password: customer.password }),
      ),
    };
  });

  it('rotates the id at sign-up verify too', async () => {
    const body = validSignup();
    const start = await post('/api/auth/signup/start', body);
    const code = await latestCode(t, body.email);
    const planted = customer.cookie;
    const res = await post(
      '/api/auth/signup/verify',
      { ...body, code },
      { cookie: cookieJar(start, planted) },
    );
    expect(res.statusCode).toBe(201);
    expect(sessionCookie(res)).not.toBe(planted);
    customer = {
      ...customer,
      cookie: sessionCookie(
        await post('/api/auth/login', { accountNumber: customer.accountNumber, password: customer.password }),
      ),
    };
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ and no Secure over http, at login and at admin sign-in', async () => {
    const login = await post('/api/auth/login', {
      accountNumber: customer.accountNumber,
      password: customer.password,
    });
    customer = { ...customer, cookie: sessionCookie(login) };
    const adminCookie = await loginAdmin(t, admin.email, admin.password);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
    expect(adminCookie.startsWith('larkspur_session=')).toBe(true);
    expect(flagsOf(login)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(flagsOf(login)?.secure).toBeFalsy();
    expect(flagsOf(login)?.maxAge).toBe(12 * 3600);
  });

  it('uses __Host- and Secure over https at customer login and at admin sign-in', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://bank.example' } });
    try {
      const headers = { 'content-type': 'application/json', origin: 'https://bank.example' };
      const who = await signUpCustomerOver(secure, headers);
      const login = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { accountNumber: who.accountNumber, password: who.password },
      });
      const boss = await createAdmin(secure);
      const start = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        headers,
        payload: { email: boss.email, password: boss.password },
      });
      // The pending cookie over https: __Secure-, Secure, HttpOnly, only for /api/auth.
      expect(start.cookies[0]).toMatchObject({
        name: '__Secure-larkspur_pending',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      });
      const code = await latestCode(secure, boss.email);
      const verified = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/admin/verify',
        headers: { ...headers, cookie: cookieJar(start) },
        payload: { email: boss.email, code },
      });
      for (const res of [login, verified]) {
        expect(res.cookies[0]).toMatchObject({
          name: '__Host-larkspur_session',
          secure: true,
          httpOnly: true,
          sameSite: 'Lax',
          path: '/',
        });
        expect(res.cookies[0]?.domain).toBeUndefined();
      }
      // A cookie without the prefix is not read at all over https (no downgrade by a sibling domain).
      const raw = login.cookies[0]?.value ?? '';
      const unprefixed = await secure.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: `larkspur_session=${raw}` },
      });
      expectRejection(unprefixed, 401);
    } finally {
      await secure.close();
    }
  });

  it('clears the cookie at logout, and the old id stays dead on every endpoint', async () => {
    const login = await post('/api/auth/login', {
      accountNumber: customer.accountNumber,
      password: customer.password,
    });
    const cookie = sessionCookie(login);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...JSON_HEADERS, cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    for (const url of ['/api/me', '/api/me/transactions', '/api/me/loans']) {
      expectRejection(await t.app.inject({ method: 'GET', url, headers: { cookie } }), 401);
    }
    customer = {
      ...customer,
      cookie: sessionCookie(
        await post('/api/auth/login', { accountNumber: customer.accountNumber, password: customer.password }),
      ),
    };
  });
});

async function signUpCustomerOver(app: TestApp, headers: Record<string, string>) {
  const body = validSignup();
  const start = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup/start',
    headers,
    payload: body,
  });
  const code = await latestCode(app, body.email);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup/verify',
    headers: { ...headers, cookie: cookieJar(start) },
    payload: { ...body, code },
  });
  if (res.statusCode !== 201) throw new Error(`signup ${res.statusCode}: ${res.body}`);
  return { accountNumber: (res.json() as { accountNumber: string }).accountNumber, password: body.password };
}

const countNotices = async (email: string, template: string) =>
  (
    await t.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, template)))
  ).length;

describe('the second step belongs to the browser that did the first (issue 13, point 3)', () => {
  it('refuses the right admin code from a browser that did not give the password, as a wrong code, and counts it', async () => {
    const boss = await createAdmin(t);
    const start = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
    expect(start.statusCode).toBe(202);
    const browser = cookieJar(start);
    const code = await latestCode(t, boss.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post(
      '/api/auth/admin/verify',
      { email: boss.email, code: wrongCode },
      { cookie: browser },
    );
    // No cookie at all: the very same answer as a wrong code.
    const bare = await post('/api/auth/admin/verify', { email: boss.email, code });
    expect(bare.statusCode).toBe(wrong.statusCode);
    expect(bare.json()).toEqual(wrong.json());
    expect(bare.cookies.filter((c) => c.name.endsWith('larkspur_session'))).toHaveLength(0);
    // Another admin's first step does not open this admin's second.
    const other = await createAdmin(t);
    const otherStart = await post('/api/auth/admin/login', { email: other.email, password: other.password });
    const foreign = await post(
      '/api/auth/admin/verify',
      { email: boss.email, code },
      { cookie: cookieJar(otherStart) },
    );
    expect(foreign.json()).toEqual(wrong.json());
    // Three wrong tries so far (wrong, bare, foreign): two more cookie-less tries use the code up.
    for (let i = 0; i < 2; i++) await post('/api/auth/admin/verify', { email: boss.email, code });
    // Past the back-off those failures earned, the right browser with the right code: the code is dead.
    t.clock.advanceMs(LOCK_BASE_MS + 1_000);
    const dead = await post('/api/auth/admin/verify', { email: boss.email, code }, { cookie: browser });
    expectRejection(dead, 400);
    expect(dead.json().error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('lets the right browser in once, and refuses its pending cookie replayed', async () => {
    const boss = await createAdmin(t);
    const start = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
    const browser = cookieJar(start);
    const pending = start.cookies.find((c) => c.name.endsWith('larkspur_pending'));
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/auth' });
    expect(['Strict', 'Lax']).toContain(pending?.sameSite);
    const code = await latestCode(t, boss.email);
    const ok = await post('/api/auth/admin/verify', { email: boss.email, code }, { cookie: browser });
    expect(ok.statusCode).toBe(200);
    // A new code, the old browser's pending cookie replayed: refused.
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
    const again = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
    expect(again.statusCode).toBe(202);
    const code2 = await latestCode(t, boss.email);
    const replay = await post(
      '/api/auth/admin/verify',
      { email: boss.email, code: code2 },
      { cookie: browser },
    );
    expectRejection(replay, 400);
    expect(replay.cookies.filter((c) => c.name.endsWith('larkspur_session'))).toHaveLength(0);
  });

  it('does not slow an admin down who retries the right password while the code cannot be resent yet', async () => {
    const boss = await createAdmin(t);
    const first = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
    expect(first.statusCode).toBe(202);
    for (let i = 0; i < ACCOUNT_FAILURES_FREE * 2; i++) {
      const again = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
      expectRejection(again, 429);
    }
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
    const start = await post('/api/auth/admin/login', { email: boss.email, password: boss.password });
    expect(start.statusCode).toBe(202);
    const code = await latestCode(t, boss.email);
    const ok = await post(
      '/api/auth/admin/verify',
      { email: boss.email, code },
      { cookie: cookieJar(start) },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('binds the sign-up code to the browser that started the sign-up', async () => {
    const body = validSignup();
    const start = await post('/api/auth/signup/start', body);
    const browser = cookieJar(start);
    const code = await latestCode(t, body.email);
    const stolen = await post('/api/auth/signup/verify', { ...body, code });
    expectRejection(stolen, 400);
    expect(stolen.json().error.code).toBe('OTP_INVALID');
    const ok = await post('/api/auth/signup/verify', { ...body, code }, { cookie: browser });
    expect(ok.statusCode).toBe(201);
  });
});

describe('the lockout cannot be raced (issue 13, point 4)', () => {
  it(`checks at most ${ACCOUNT_FAILURES_FREE + 1} of 100 wrong passwords sent at once, then refuses the right one`, async () => {
    const victim = await signUpCustomer(t);
    verifySpy.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/auth/login', { accountNumber: victim.accountNumber, password: `wrong guess ${i}` }),
      ),
    );
    for (const res of answers) expect(res.json()).toEqual(LOGIN_FAILED);
    expect(verifySpy.mock.calls.length).toBeLessThanOrEqual(ACCOUNT_FAILURES_FREE + 1);
    const right = await post('/api/auth/login', {
      accountNumber: victim.accountNumber,
      password: victim.password,
    });
    expect(right.json()).toEqual(LOGIN_FAILED);
  });
});

describe('an attacker cannot lock the owner out (issue 13, point 5)', () => {
  it("lets the owner's trusted browser in while strangers' failures slow the account, and mails the owner once", async () => {
    const owner = await signUpCustomer(t);
    const home = await post('/api/auth/login', {
      accountNumber: owner.accountNumber,
      password: owner.password,
    });
    expect(home.statusCode).toBe(200);
    const ownerBrowser = cookieJar(home);
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('/api/auth/login', { accountNumber: owner.accountNumber, password: `guess ${round} ${i}` }),
        ),
      );
    }
    // A stranger's right password is slowed down with the rest…
    const stranger = await post('/api/auth/login', {
      accountNumber: owner.accountNumber,
      password: owner.password,
    });
    expect(stranger.json()).toEqual(LOGIN_FAILED);
    // …but the owner's own browser gets in.
    const back = await post(
      '/api/auth/login',
      { accountNumber: owner.accountNumber, password: owner.password },
      { cookie: ownerBrowser },
    );
    expect(back.statusCode).toBe(200);
    expect(await countNotices(owner.email, FAILED_SIGN_INS_TEMPLATE)).toBe(1);
  });

  it(`hard-locks strangers after ${HARD_LOCK_FAILURES} consecutive failures, whatever the wait; the owner's browser still gets in`, async () => {
    const owner = await signUpCustomer(t);
    const home = await post('/api/auth/login', {
      accountNumber: owner.accountNumber,
      password: owner.password,
    });
    const ownerBrowser = cookieJar(home);
    verifySpy.mockClear();
    for (let i = 0; i < HARD_LOCK_FAILURES + 5; i++) {
      t.clock.advanceMs(LOCK_MAX_MS + 1_000);
      await post('/api/auth/login', { accountNumber: owner.accountNumber, password: `guess ${i}` });
    }
    expect(verifySpy.mock.calls.length).toBe(HARD_LOCK_FAILURES);
    t.clock.advanceMs(30 * 24 * 3_600_000);
    const stranger = await post('/api/auth/login', {
      accountNumber: owner.accountNumber,
      password: owner.password,
    });
    expect(stranger.json()).toEqual(LOGIN_FAILED);
    const back = await post(
      '/api/auth/login',
      { accountNumber: owner.accountNumber, password: owner.password },
      { cookie: ownerBrowser },
    );
    expect(back.statusCode).toBe(200);
    // The owner's sign-in lifts the lock for everyone (a new browser included).
    const fresh = await post('/api/auth/login', {
      accountNumber: owner.accountNumber,
      password: owner.password,
    });
    expect(fresh.statusCode).toBe(200);
  }, 60_000);

  it('does not trust a device cookie earned by another customer', async () => {
    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const otherHome = await post('/api/auth/login', {
      accountNumber: other.accountNumber,
      password: other.password,
    });
    const otherBrowser = cookieJar(otherHome);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/auth/login', { accountNumber: owner.accountNumber, password: `guess ${i}` }),
      ),
    );
    const res = await post(
      '/api/auth/login',
      { accountNumber: owner.accountNumber, password: owner.password },
      { cookie: otherBrowser },
    );
    expect(res.json()).toEqual(LOGIN_FAILED);
  });
});

describe('password re-checks are throttled (issue 13, point 6)', () => {
  const cardOf = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/cards', headers: { cookie } });
    return (res.json() as { items: { id: string }[] }).items[0]!.id;
  };

  it(`ends the session after ${RECHECK_FAILURES_MAX} wrong passwords at card unfreeze, even sent at once, and mails the owner`, async () => {
    const owner = await signUpCustomer(t);
    const cardId = await cardOf(owner.cookie);
    expect((await post(`/api/me/cards/${cardId}/freeze`, {}, { cookie: owner.cookie })).statusCode).toBe(200);
    verifySpy.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(`/api/me/cards/${cardId}/unfreeze`, { password: `wrong ${i}` }, { cookie: owner.cookie }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(verifySpy.mock.calls.length).toBeLessThanOrEqual(RECHECK_FAILURES_MAX);
    // The session is over on the server.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expectRejection(me, 401);
    const right = await post(
      `/api/me/cards/${cardId}/unfreeze`,
      { password: owner.password },
      { cookie: owner.cookie },
    );
    expectRejection(right, 401);
    expect(await countNotices(owner.email, PASSWORD_RECHECK_TEMPLATE)).toBe(1);
  });

  it(`ends the session after ${RECHECK_FAILURES_MAX} wrong current passwords at password change`, async () => {
    const owner = await signUpCustomer(t);
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await post(
        '/api/me/password',
        {
          currentPassword: `wrong ${i}`,
          newPassword: 'a brand new password 1',
          confirmPassword: 'a brand new password 1',
        },
        { cookie: owner.cookie },
      );
      answers.push(res.statusCode);
      if (res.statusCode === 401) break;
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(RECHECK_FAILURES_MAX - 1);
    expect(answers.at(-1)).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expectRejection(me, 401);
    expect(await countNotices(owner.email, PASSWORD_RECHECK_TEMPLATE)).toBe(1);
  });
});
