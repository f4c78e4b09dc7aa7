import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { IP_FAILURES_FREE } from '../modules/auth/login-throttle';
import { OTP_RESEND_INTERVAL_MS } from '../modules/email/otp-service';
import {
  JSON_HEADERS,
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
    const code = await latestCode(t, admin.email);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS + 1_000);
    expect((await post('/api/auth/admin/verify', { email: admin.email, code })).statusCode).toBe(200);
    const again = await post('/api/auth/admin/verify', { email: admin.email, code });
    expectRejection(again, 400);
  });

  it('refuses a sign-up code at the staff door and for another address', async () => {
    const body = validSignup();
    expect((await post('/api/auth/signup/start', body)).statusCode).toBe(202);
    const code = await latestCode(t, body.email);
    // The code is bound to its purpose…
    expectRejection(await post('/api/auth/admin/verify', { email: body.email, code }), 400);
    // …and to its address.
    const other = validSignup();
    expectRejection(await post('/api/auth/signup/verify', { ...other, code }), 400);
    // It still works where it belongs, once.
    expect((await post('/api/auth/signup/verify', { ...body, code })).statusCode).toBe(201);
  });

  it('refuses an admin/verify whose password step was done for another admin', async () => {
    const other = await createAdmin(t);
    expect(
      (await post('/api/auth/admin/login', { email: other.email, password: other.password })).statusCode,
    ).toBe(202);
    const code = await latestCode(t, other.email);
    expectRejection(await post('/api/auth/admin/verify', { email: admin.email, code }), 400);
  });

  it('does not accept a changed sign-up form at verify as another person (code bound to the email)', async () => {
    const body = validSignup();
    await post('/api/auth/signup/start', body);
    const code = await latestCode(t, body.email);
    const swapped = await post('/api/auth/signup/verify', { ...body, email: validSignup().email, code });
    expectRejection(swapped, 400);
  });
});

describe('session cookies', () => {
  const flagsOf = (res: Awaited<ReturnType<typeof post>>) =>
    res.cookies.find((c) => c.name.endsWith('larkspur_session'));

  it('rotates the id at admin sign-in and ends the session the browser arrived with (fixation)', async () => {
    // A guest-planted or old session id: the attacker's own customer session.
    const planted = customer.cookie;
    expect(
      (await post('/api/auth/admin/login', { email: admin.email, password: admin.password })).statusCode,
    ).toBe(202);
    const code = await latestCode(t, admin.email);
    const verified = await post('/api/auth/admin/verify', { email: admin.email, code }, { cookie: planted });
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
    await post('/api/auth/signup/start', body);
    const code = await latestCode(t, body.email);
    const planted = customer.cookie;
    const res = await post('/api/auth/signup/verify', { ...body, code }, { cookie: planted });
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
      await secure.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        headers,
        payload: { email: boss.email, password: boss.password },
      });
      const code = await latestCode(secure, boss.email);
      const verified = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/admin/verify',
        headers,
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
  await app.app.inject({ method: 'POST', url: '/api/auth/signup/start', headers, payload: body });
  const code = await latestCode(app, body.email);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup/verify',
    headers,
    payload: { ...body, code },
  });
  if (res.statusCode !== 201) throw new Error(`signup ${res.statusCode}: ${res.body}`);
  return { accountNumber: (res.json() as { accountNumber: string }).accountNumber, password: body.password };
}
