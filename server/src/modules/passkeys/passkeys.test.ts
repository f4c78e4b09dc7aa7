import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { auditLog, outboxMessages, passkeys } from '../../db/schema/index';
import {
  JSON_HEADERS,
  cookieJar,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { accountProof, addPasskey as addPasskeyAs } from '../../test/passkeys';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { PASSKEY_ADDED_TEMPLATE, PASSKEY_REMOVED_TEMPLATE } from '../email/index';
import { WEBAUTHN_CHALLENGE_TTL_MS } from './webauthn';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie?: string, stepUpToken?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...JSON_HEADERS,
      ...(cookie ? { cookie } : {}),
      ...(stepUpToken ? { 'step-up-token': stepUpToken } : {}),
    },
    payload: payload as object,
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const del = (url: string, cookie: string, stepUpToken?: string) =>
  t.app.inject({
    method: 'DELETE',
    url,
    headers: {
      origin: JSON_HEADERS.origin,
      'x-larkspur-request': '1',
      cookie,
      ...(stepUpToken ? { 'step-up-token': stepUpToken } : {}),
    },
  });

type Options = { challenge: string; user?: { id: string } };

/** Adds a passkey the way the security page does: second factor, password, options, the authenticator, a name. */
async function addPasskey(
  customer: SignedUpCustomer,
  authenticator = new SoftwareAuthenticator(),
  name = 'Laptop',
) {
  return addPasskeyAs(t, customer, { authenticator, name });
}

/** Step 1 of adding a passkey, with the emailed code's proof (decision 0185) and the password. */
async function optionsFor(customer: SignedUpCustomer) {
  const token = await accountProof(t, customer, 'passkey.add');
  return post('/api/me/passkeys/options', { password: customer.password }, customer.cookie, token);
}

/** DELETE with the proof of the second factor for a removal. */
async function removeAs(customer: SignedUpCustomer, id: string) {
  const token = await accountProof(t, customer, 'passkey.remove');
  return del(`/api/me/passkeys/${id}`, customer.cookie, token);
}

/** Passkey sign-in from a fresh browser: options (sets its cookie), then the assertion. */
async function signInWith(authenticator: SoftwareAuthenticator) {
  const options = await post('/api/auth/passkey/options', {});
  expect(options.statusCode).toBe(200);
  const browser = cookieJar(options);
  const assertion = authenticator.assert(options.json().options as Options);
  const verify = await post('/api/auth/passkey/verify', { response: assertion }, browser);
  return { verify, browser, assertion, options: options.json().options as Options };
}

describe('passkeys: register, list, sign in, remove', () => {
  it('adds a passkey after the password, signs in with it as a password login does, and emails the owner', async () => {
    const customer = await signUpCustomer(t);
    const { added, authenticator } = await addPasskey(customer, undefined, 'Work laptop');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await get('/api/me/passkeys', customer.cookie);
    expect(list.json().items).toEqual([added.json()]);
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.toEmail, customer.email), eq(outboxMessages.template, PASSKEY_ADDED_TEMPLATE)),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('Work laptop');

    const { verify } = await signInWith(authenticator);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().user).toMatchObject({ id: customer.userId, role: 'user' });
    const me = await get('/api/me', sessionCookie(verify));
    expect(me.statusCode).toBe(200);
    expect(me.json().accountNumber).toBe(customer.accountNumber);
    // A device cookie, as after a password login (decision 0081).
    expect(verify.cookies.some((c) => c.name.endsWith('larkspur_device'))).toBe(true);
    const after = await get('/api/me/passkeys', customer.cookie);
    expect(after.json().items[0].lastUsedAt).not.toBeNull();
    const logins = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectId, customer.userId),
          eq(auditLog.action, 'auth.login'),
          eq(auditLog.outcome, 'success'),
        ),
      );
    expect(logins.some((row) => row.details?.method === 'passkey')).toBe(true);
  });

  it('refuses to start adding a passkey without the right password', async () => {
    const customer = await signUpCustomer(t);
    const res = await post(
      '/api/me/passkeys/options',
      { password: 'not my password at all' },
      customer.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CURRENT_PASSWORD_INCORRECT');
    // And the answer to a challenge never issued is refused.
    const authenticator = new SoftwareAuthenticator();
    const forged = authenticator.register({ challenge: 'bm90LWEtY2hhbGxlbmdl' });
    const added = await post('/api/me/passkeys', { name: 'Forged', response: forged }, customer.cookie);
    expect(added.statusCode).toBe(400);
    expect(added.json().error.message).toBe(errorCatalogue.PASSKEY_FAILED.message);
  });

  it('refuses a guest and an admin-less customer session on every passkey endpoint', async () => {
    expect((await get('/api/me/passkeys')).statusCode).toBe(401);
    expect((await post('/api/me/passkeys/options', { password: 'x' })).statusCode).toBe(401);
  });

  it('uses a registration challenge once: the same answer replayed is refused', async () => {
    const customer = await signUpCustomer(t);
    const { added, response } = await addPasskey(customer);
    expect(added.statusCode).toBe(201);
    const replay = await post('/api/me/passkeys', { name: 'Again', response }, customer.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('PASSKEY_FAILED');
  });

  it('binds the registration challenge to the session that asked for it', async () => {
    const customer = await signUpCustomer(t);
    const options = await optionsFor(customer);
    const response = new SoftwareAuthenticator().register(options.json().options as Options);
    // The same customer's other session (another browser) cannot finish it.
    const login = await post('/api/auth/login', {
      accountNumber: customer.accountNumber,
      password: customer.password,
    });
    const other = sessionCookie(login);
    const added = await post('/api/me/passkeys', { name: 'Elsewhere', response }, other);
    expect(added.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(passkeys).where(eq(passkeys.userId, customer.userId)),
    ).toHaveLength(0);
  });

  it('refuses a registration made for another origin or without user verification', async () => {
    const customer = await signUpCustomer(t);
    const options = await optionsFor(customer);
    const phishing = new SoftwareAuthenticator().register(options.json().options as Options, {
      origin: 'https://larkspur-login.example',
    });
    expect(
      (await post('/api/me/passkeys', { name: 'Phish', response: phishing }, customer.cookie)).statusCode,
    ).toBe(400);
    const again = await optionsFor(customer);
    const noUv = new SoftwareAuthenticator({ userVerified: false }).register(again.json().options as Options);
    expect(
      (await post('/api/me/passkeys', { name: 'No PIN', response: noUv }, customer.cookie)).statusCode,
    ).toBe(400);
  });

  it('keeps a passkey to one customer: another cannot register, use or remove it', async () => {
    const alice = await signUpCustomer(t);
    const bob = await signUpCustomer(t);
    const { added, authenticator } = await addPasskey(alice);
    // Bob's browser registers the very same credential: refused.
    const options = await optionsFor(bob);
    const alicesHandle = authenticator.userHandle;
    const same = authenticator.register(options.json().options as Options);
    // Refused below, so the authenticator keeps Alice's credential as it was.
    authenticator.userHandle = alicesHandle;
    const dup = await post('/api/me/passkeys', { name: 'Mine now', response: same }, bob.cookie);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PASSKEY_ALREADY_REGISTERED');
    // Bob removing Alice's passkey is answered like a missing one, and it stays.
    const removal = await removeAs(bob, added.json().id);
    expect(removal.statusCode).toBe(404);
    expect(removal.json().error.code).toBe('PASSKEY_NOT_FOUND');
    expect((await get('/api/me/passkeys', alice.cookie)).json().items).toHaveLength(1);
    expect((await get('/api/me/passkeys', bob.cookie)).json().items).toHaveLength(0);
    // Signing in with it signs in Alice, never Bob.
    const { verify } = await signInWith(authenticator);
    expect(verify.json().user.id).toBe(alice.userId);
  });

  it('removes a passkey: it can no longer sign in, and the owner is emailed', async () => {
    const customer = await signUpCustomer(t);
    const { added, authenticator } = await addPasskey(customer, undefined, 'Old phone');
    const removal = await removeAs(customer, added.json().id);
    expect(removal.statusCode).toBe(200);
    expect((await get('/api/me/passkeys', customer.cookie)).json().items).toEqual([]);
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.toEmail, customer.email),
          eq(outboxMessages.template, PASSKEY_REMOVED_TEMPLATE),
        ),
      );
    expect(mail).toHaveLength(1);
    const { verify } = await signInWith(authenticator);
    expect(verify.statusCode).toBe(401);
    expect(verify.json().error.message).toBe(errorCatalogue.LOGIN_FAILED.message);
    expect(
      (
        await del(
          '/api/me/passkeys/not-a-uuid',
          customer.cookie,
          await accountProof(t, customer, 'passkey.remove'),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('passkey sign-in: challenges and counters', () => {
  let authenticator: SoftwareAuthenticator;
  beforeAll(async () => {
    const customer = await signUpCustomer(t);
    ({ authenticator } = await addPasskey(customer));
  });

  it('uses a sign-in challenge once: the same assertion replayed is refused', async () => {
    const { verify, browser, assertion } = await signInWith(authenticator);
    expect(verify.statusCode).toBe(200);
    const replay = await post('/api/auth/passkey/verify', { response: assertion }, browser);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('LOGIN_FAILED');
  });

  it('refuses an assertion from a browser that did not ask for the challenge', async () => {
    const options = await post('/api/auth/passkey/options', {});
    const assertion = authenticator.assert(options.json().options as Options);
    // No cookie at all, then another browser's cookie.
    expect((await post('/api/auth/passkey/verify', { response: assertion })).statusCode).toBe(401);
    const elsewhere = await post('/api/auth/passkey/options', {});
    const res = await post('/api/auth/passkey/verify', { response: assertion }, cookieJar(elsewhere));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a challenge answered after it expired', async () => {
    const options = await post('/api/auth/passkey/options', {});
    t.clock.advanceMs(WEBAUTHN_CHALLENGE_TTL_MS + 1);
    const assertion = authenticator.assert(options.json().options as Options);
    const res = await post('/api/auth/passkey/verify', { response: assertion }, cookieJar(options));
    expect(res.statusCode).toBe(401);
  });

  it('refuses an assertion whose counter did not move forward (a cloned authenticator)', async () => {
    const first = await signInWith(authenticator);
    expect(first.verify.statusCode).toBe(200);
    const stale = authenticator.counter - 1;
    const options = await post('/api/auth/passkey/options', {});
    const assertion = authenticator.assert(options.json().options as Options, { counter: stale });
    const res = await post('/api/auth/passkey/verify', { response: assertion }, cookieJar(options));
    expect(res.statusCode).toBe(401);
  });

  it('refuses an assertion signed for another origin, or by an unknown credential', async () => {
    const options = await post('/api/auth/passkey/options', {});
    const assertion = authenticator.assert(options.json().options as Options, {
      origin: 'https://evil.example',
    });
    expect(
      (await post('/api/auth/passkey/verify', { response: assertion }, cookieJar(options))).statusCode,
    ).toBe(401);
    const { verify } = await signInWith(new SoftwareAuthenticator());
    expect(verify.statusCode).toBe(401);
  });

  it('refuses an assertion whose user handle names someone else', async () => {
    const options = await post('/api/auth/passkey/options', {});
    const assertion = authenticator.assert(options.json().options as Options);
    const forged = {
      ...assertion,
      response: { ...assertion.response, userHandle: Buffer.alloc(16, 7).toString('base64url') },
    };
    const res = await post('/api/auth/passkey/verify', { response: forged }, cookieJar(options));
    expect(res.statusCode).toBe(401);
  });

  it('lets exactly one of two uses of one challenge in, sent at once', async () => {
    const options = await post('/api/auth/passkey/options', {});
    const assertion = authenticator.assert(options.json().options as Options);
    const browser = cookieJar(options);
    const answers = await Promise.all([
      post('/api/auth/passkey/verify', { response: assertion }, browser),
      post('/api/auth/passkey/verify', { response: assertion }, browser),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });
});
