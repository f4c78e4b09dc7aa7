import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, identities, profiles } from '../../db/schema/index';
import { OTP_ATTEMPTS_MAX, OTP_TTL_MS } from '../email/otp-service';
import { cookieJar, JSON_HEADERS, latestCode, uniqueEmail, validSignup } from '../../test/identity';
import { startAppBehindProxy, type AppBehindProxy } from '../../test/app-behind-proxy';
import type { PgProxy } from '../../test/pg-proxy';
import type { TestApp } from '../../test/test-app';

/**
 * Sign-up verify after an unknown outcome (issue 16, decision 0106): the connection is lost right
 * after the COMMIT reached the server, so the account exists but its answer never reached the
 * browser. The browser's retry of the same verify — same pending sign-up cookie, same code, same
 * password, within the code's lifetime — answers with that account and a fresh session, instead of
 * "invalid code". Any other browser, code or password is still refused.
 */
let proxy: PgProxy;
let t: TestApp;
/** A direct handle, beside the app's, to look at what really committed. */
let direct: DatabaseHandle;
let harness: AppBehindProxy;

beforeAll(async () => {
  harness = await startAppBehindProxy();
  ({ t, proxy, direct } = harness);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const post = (url: string, payload: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    payload,
  });

/** A sign-up started in a browser: its form, its cookie jar (the pending cookie) and its code. */
async function startSignup(prefix: string) {
  const body = validSignup({ email: uniqueEmail(prefix) });
  const start = await post('/api/auth/signup/start', body);
  expect(start.statusCode).toBe(202);
  return { body, browser: cookieJar(start), code: await latestCode(t, body.email) };
}

/** What committed for this address: its identities and their account numbers. */
async function accountsOf(email: string): Promise<{ userId: string; accountNumber: string | null }[]> {
  return direct.db
    .select({ userId: identities.id, accountNumber: profiles.accountNumber })
    .from(identities)
    .innerJoin(profiles, eq(profiles.userId, identities.id))
    .where(eq(identities.email, email.toLowerCase()));
}

async function signupAudits(userId: string, action: string): Promise<number> {
  const [row] = await direct.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, userId)));
  return row?.n ?? 0;
}

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
}

function expectRefused(res: LightMyRequestResponse, code = 'OTP_INVALID') {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: { code, field: 'code' } });
  expect(res.cookies.find((c) => c.name.endsWith('larkspur_session'))).toBeUndefined();
}

/** The account a sign-in cookie from this response belongs to, asked of the app. */
async function signedInAs(res: LightMyRequestResponse): Promise<string | undefined> {
  const session = await t.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: cookieJar(res) },
  });
  return (session.json() as { user: { id: string } | null }).user?.id;
}

/** Cuts the connection right after the verify's COMMIT reached the server; waits for it to land. */
async function verifyLosingTheAnswer(s: Awaited<ReturnType<typeof startSignup>>) {
  proxy.cutNextCommit('after');
  expectUnavailable(await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser));
  // The server runs the COMMIT it got just as the app gives up on the connection: wait for it.
  await vi.waitFor(async () => expect(await accountsOf(s.body.email)).toHaveLength(1), { timeout: 10_000 });
  const [account] = await accountsOf(s.body.email);
  if (!account?.accountNumber) throw new Error('the sign-up committed without an account number');
  return { userId: account.userId, accountNumber: account.accountNumber };
}

describe('sign-up verify lost at COMMIT', () => {
  it('after the server committed: the retry from the same browser answers with the account just opened', async () => {
    const s = await startSignup('verify-after');
    const opened = await verifyLosingTheAnswer(s);

    const retry = await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ accountNumber: opened.accountNumber, user: { id: opened.userId } });
    expect(await signedInAs(retry)).toBe(opened.userId);
    // One customer, one sign-up entry; the repeat is on record as what it was.
    expect(await accountsOf(s.body.email)).toHaveLength(1);
    expect(await signupAudits(opened.userId, 'auth.signup')).toBe(1);
    expect(await signupAudits(opened.userId, 'auth.signup.repeated')).toBe(1);
    // The answer drops the pending cookie, as the first answer would have: the browser that got
    // its account cannot repeat the step any more.
    const after = cookieJar(retry, s.browser);
    expectRefused(await post('/api/auth/signup/verify', { ...s.body, code: s.code }, after));
  });

  it('before the server saw it: nothing opened, the code still works, the retry opens the account', async () => {
    const s = await startSignup('verify-before');
    proxy.cutNextCommit('before');
    expectUnavailable(await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser));
    expect(await accountsOf(s.body.email)).toEqual([]);

    const retry = await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser);
    expect(retry.statusCode).toBe(201);
    const [account] = await accountsOf(s.body.email);
    expect(retry.json()).toMatchObject({ accountNumber: account?.accountNumber });
    expect(await signupAudits(account?.userId ?? '', 'auth.signup.repeated')).toBe(0);
  });

  it('whichever of its COMMITs is lost, the retry answers with the one account', async () => {
    let cuts = 0;
    for (let skip = 0; ; skip += 1) {
      const s = await startSignup(`verify-commit-${skip}`);
      proxy.cutNextCommit('after', skip);
      const first = await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser);
      if (proxy.commitCutArmed) {
        // The request sent fewer COMMITs than `skip + 1`: every one of them has been tried.
        proxy.cutNextCommit(null);
        expect(first.statusCode).toBe(201);
        break;
      }
      cuts += 1;
      expectUnavailable(first);
      // No wait: the retry queues behind the lost transaction's locks until the server has run it.
      const retry = await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser);
      expect(retry.statusCode).toBe(201);
      const accounts = await accountsOf(s.body.email);
      expect(accounts).toHaveLength(1);
      expect(retry.json()).toMatchObject({ accountNumber: accounts[0]?.accountNumber });
      expect(await signedInAs(retry)).toBe(accounts[0]?.userId);
    }
    expect(cuts).toBeGreaterThanOrEqual(1);
  });

  it('sent twice at once from one browser: one account, both answers name it', async () => {
    const s = await startSignup('verify-twice');
    const answers = await Promise.all([
      post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser),
      post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const accounts = await accountsOf(s.body.email);
    expect(accounts).toHaveLength(1);
    for (const answer of answers) {
      expect(answer.json()).toMatchObject({ accountNumber: accounts[0]?.accountNumber });
    }
  });
});

describe('an attacker replaying a lost sign-up verify', () => {
  it('from another browser (no pending cookie, or its own sign-up’s): refused as an invalid code', async () => {
    const s = await startSignup('replay-victim');
    const opened = await verifyLosingTheAnswer(s);

    // A cookie jar without the victim's pending cookie…
    expectRefused(await post('/api/auth/signup/verify', { ...s.body, code: s.code }));
    // …or with a pending cookie of its own, for another address.
    const own = await startSignup('replay-attacker');
    expectRefused(await post('/api/auth/signup/verify', { ...s.body, code: s.code }, own.browser));
    // …or the victim's cookie with the attacker's own sign-up form for another address.
    expectRefused(await post('/api/auth/signup/verify', { ...own.body, code: s.code }, s.browser));
    // No session was opened for the victim's account by any of them.
    expect(await signupAudits(opened.userId, 'auth.signup.repeated')).toBe(0);

    // The victim's own retry still works.
    const retry = await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ accountNumber: opened.accountNumber });
  });

  it(`with the browser and the code but another password: refused, counted like a wrong code (${OTP_ATTEMPTS_MAX} end it)`, async () => {
    const s = await startSignup('replay-password');
    await verifyLosingTheAnswer(s);
    const other = (i: number) => ({
      ...s.body,
      password: `another good passphrase ${i}`,
      confirmPassword: `another good passphrase ${i}`,
    });
    for (let i = 0; i < OTP_ATTEMPTS_MAX - 1; i += 1) {
      expectRefused(await post('/api/auth/signup/verify', { ...other(i), code: s.code }, s.browser));
    }
    expectRefused(
      await post('/api/auth/signup/verify', { ...other(OTP_ATTEMPTS_MAX), code: s.code }, s.browser),
      'OTP_ATTEMPTS_EXCEEDED',
    );
    expectRefused(
      await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser),
      'OTP_ATTEMPTS_EXCEEDED',
    );
  });

  it(`with the browser, guessing codes: every wrong one counts, and after ${OTP_ATTEMPTS_MAX} even the right one is refused`, async () => {
    const s = await startSignup('replay-guess');
    await verifyLosingTheAnswer(s);
    const wrong = (i: number) => String((Number(s.code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < OTP_ATTEMPTS_MAX - 1; i += 1) {
      expectRefused(await post('/api/auth/signup/verify', { ...s.body, code: wrong(i) }, s.browser));
    }
    expectRefused(
      await post('/api/auth/signup/verify', { ...s.body, code: wrong(OTP_ATTEMPTS_MAX) }, s.browser),
      'OTP_ATTEMPTS_EXCEEDED',
    );
    expectRefused(
      await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser),
      'OTP_ATTEMPTS_EXCEEDED',
    );
  });

  it('after the code’s lifetime: refused, even from the browser with the right code', async () => {
    const s = await startSignup('replay-late');
    await verifyLosingTheAnswer(s);
    t.clock.advanceMs(OTP_TTL_MS);
    expectRefused(await post('/api/auth/signup/verify', { ...s.body, code: s.code }, s.browser));
  });
});
