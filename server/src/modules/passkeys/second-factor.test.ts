import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@larkspur/contract';
import { auditLog, outboxMessages, passkeys } from '../../db/schema/index';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { accountProof, addPasskey, agePasskeys } from '../../test/passkeys';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { OTP_RESEND_INTERVAL_MS, PASSKEY_ADDED_TEMPLATE, PASSKEY_REMOVED_TEMPLATE } from '../email/index';

/**
 * Issue 27, finding 2: a password alone must not pass the second factor. The attacker has the
 * customer's password (phished) and nothing else: not their mailbox, not their passkey.
 */

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, cookie, ...headers },
    payload: payload as object,
  });

type Options = { challenge: string };

/** A fresh client signing in with the account number and the (phished) password: nothing more. */
async function signInWithPasswordOnly(victim: SignedUpCustomer): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: JSON_HEADERS,
    payload: { accountNumber: victim.accountNumber, password: victim.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return sessionCookie(login);
}

const transfer = (recipientAccount: string, amount: string) => ({
  type: 'Local Transfer',
  recipientAccount,
  recipientName: 'Mule',
  purpose: 'Invoice',
  amount,
  confirmPayeeRisk: true,
});

describe('finding 2: the attacker chain, password only', () => {
  it('password only → enrol a passkey → save a payee → pay it with a step-up by that passkey: refused at enrolment, nothing moves', async () => {
    const victim = await signUpCustomer(t);
    await credit(t, adminCookie, victim.userId, '5000.00');
    const mule = await signUpCustomer(t);
    const attacker = await signInWithPasswordOnly(victim);
    const authenticator = new SoftwareAuthenticator();

    // 1. Enrol a passkey with the password alone.
    const options = await post('/api/me/passkeys/options', { password: victim.password }, attacker);
    expect(options.statusCode, options.body).toBe(403);
    expect(options.json().error).toEqual({
      code: 'SECOND_FACTOR_REQUIRED',
      message: errorCatalogue.SECOND_FACTOR_REQUIRED.message,
    });
    // A made-up proof is no better.
    const forged = await post('/api/me/passkeys/options', { password: victim.password }, attacker, {
      'step-up-token': 'A'.repeat(43),
    });
    expect(forged.statusCode).toBe(403);
    // An answer to a challenge that was never issued adds nothing either.
    const response = authenticator.register({ challenge: 'bm90LWEtY2hhbGxlbmdl' });
    const added = await post('/api/me/passkeys', { name: 'Attacker', response }, attacker);
    expect(added.statusCode).toBe(400);

    // The attacker can start the account step-up, but the customer has no passkey: the code goes to
    // the customer's mailbox, which the attacker does not have; a guess is refused.
    const start = await post('/api/me/step-up', { action: 'passkey.add' }, attacker);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ required: true, method: 'email', reasons: ['account_change'] });
    const guess = await post(
      '/api/me/step-up/verify',
      { challengeId: start.json().challengeId, code: '000000' },
      attacker,
    );
    expect(guess.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(passkeys).where(eq(passkeys.userId, victim.userId)),
    ).toHaveLength(0);

    // 2. Save the mule as a payee (a password session may), 3. pay: step-up asks for the emailed
    // code, not a passkey (there is none), so the attacker cannot pay.
    const payee = await post(
      '/api/me/payees',
      { type: 'Local Transfer', recipientAccount: mule.accountNumber, recipientName: 'Mule' },
      attacker,
    );
    expect(payee.statusCode, payee.body).toBe(201);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const key = crypto.randomUUID();
    const review = await post(
      '/api/transfers/step-up',
      { transfer: transfer(mule.accountNumber, '4000.00'), idempotencyKey: key },
      attacker,
    );
    expect(review.json()).toMatchObject({ required: true, method: 'email' });
    const paid = await post('/api/transfers', transfer(mule.accountNumber, '4000.00'), attacker, {
      'idempotency-key': key,
    });
    expect(paid.statusCode).toBe(403);
    expect(await balanceOf(t, victim)).toBe('5000.00');
    expect(await balanceOf(t, mule)).toBe('0.00');
  });

  it('the same chain as it ran before the fix, step by step, ends with no money moved', async () => {
    // Written to run whichever step refuses: each later step needs the earlier one.
    const victim = await signUpCustomer(t);
    await credit(t, adminCookie, victim.userId, '5000.00');
    const mule = await signUpCustomer(t);
    const attacker = await signInWithPasswordOnly(victim);
    const authenticator = new SoftwareAuthenticator();
    const options = await post('/api/me/passkeys/options', { password: victim.password }, attacker);
    if (options.statusCode === 200) {
      const response = authenticator.register(options.json().options as Options);
      await post('/api/me/passkeys', { name: 'Attacker', response }, attacker);
    }
    const key = crypto.randomUUID();
    const review = await post(
      '/api/transfers/step-up',
      { transfer: transfer(mule.accountNumber, '4000.00'), idempotencyKey: key },
      attacker,
    );
    let token: string | undefined;
    if (review.json().method === 'passkey') {
      const assertion = authenticator.assert(review.json().options as Options);
      const verify = await post(
        '/api/transfers/step-up/verify',
        { challengeId: review.json().challengeId, passkey: assertion },
        attacker,
      );
      token = verify.json().token as string | undefined;
    }
    await post('/api/transfers', transfer(mule.accountNumber, '4000.00'), attacker, {
      'idempotency-key': key,
      ...(token ? { 'step-up-token': token } : {}),
    });
    expect(await balanceOf(t, mule)).toBe('0.00');
    expect(await balanceOf(t, victim)).toBe('5000.00');
    expect(review.json()).toMatchObject({ required: true, method: 'email' });
  });
});

/** A transfer to a new payee, reviewed: the step-up's start answer. */
async function review(from: SignedUpCustomer, to: SignedUpCustomer, amount = '10.00') {
  const key = crypto.randomUUID();
  const start = await post(
    '/api/transfers/step-up',
    { transfer: transfer(to.accountNumber, amount), idempotencyKey: key },
    from.cookie,
  );
  expect(start.statusCode, start.body).toBe(200);
  return { key, start: start.json() as { method: string; challengeId: string; options?: Options } };
}

const mailsTo = (email: string, template: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, template)));

describe('finding 2: changing the sign-in factors needs the factor the customer has', () => {
  it('adds a passkey with the emailed code and the password; the customer is emailed and sees a security event', async () => {
    const customer = await signUpCustomer(t);
    const { added } = await addPasskey(t, customer, { name: 'Phone' });
    expect(added.statusCode, added.body).toBe(201);
    expect(await mailsTo(customer.email, PASSKEY_ADDED_TEMPLATE)).toHaveLength(1);
    const events = await t.app.inject({
      method: 'GET',
      url: '/api/me/security-events',
      headers: { cookie: customer.cookie },
    });
    expect(events.json().items.map((e: { kind: string }) => e.kind)).toContain('passkey-added');
  });

  it('a proof works once, for its own change, in its own session', async () => {
    const customer = await signUpCustomer(t);
    const token = await accountProof(t, customer, 'passkey.add');
    // Bound to its change: it does not remove a passkey…
    const { added } = await addPasskey(t, customer, { name: 'Mine' });
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const removeWithAddProof = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/passkeys/${added.json().id}`,
      headers: {
        origin: JSON_HEADERS.origin,
        'x-larkspur-request': '1',
        cookie: customer.cookie,
        'step-up-token': token,
      },
    });
    expect(removeWithAddProof.statusCode).toBe(403);
    expect(removeWithAddProof.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    // …nor serves another session of the same customer (the attacker's, signed in with the password).
    const other = await signInWithPasswordOnly(customer);
    const elsewhere = await post('/api/me/passkeys/options', { password: customer.password }, other, {
      'step-up-token': token,
    });
    expect(elsewhere.statusCode).toBe(403);
    // In its own session it works, once: two uses at once, one passes.
    const twice = await Promise.all(
      [0, 1].map(() =>
        post('/api/me/passkeys/options', { password: customer.password }, customer.cookie, {
          'step-up-token': token,
        }),
      ),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const refusals = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, customer.userId), eq(auditLog.action, 'account.step_up.required')));
    expect(refusals.length).toBeGreaterThanOrEqual(2);
  });

  it('removing a passkey needs the second factor too, and is announced', async () => {
    const customer = await signUpCustomer(t);
    const { added } = await addPasskey(t, customer, { name: 'Old key' });
    const remove = (token?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/me/passkeys/${added.json().id}`,
        headers: {
          origin: JSON_HEADERS.origin,
          'x-larkspur-request': '1',
          cookie: customer.cookie,
          ...(token ? { 'step-up-token': token } : {}),
        },
      });
    const bare = await remove();
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    // The passkey is younger than PASSKEY_STEP_UP_DELAY_HOURS: the emailed code is asked, not it.
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const removed = await remove(await accountProof(t, customer, 'passkey.remove'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await mailsTo(customer.email, PASSKEY_REMOVED_TEMPLATE)).toHaveLength(1);
  });

  it('a passkey younger than PASSKEY_STEP_UP_DELAY_HOURS does not pass a payment step-up alone: the emailed code is asked instead', async () => {
    const alice = await signUpCustomer(t);
    await credit(t, adminCookie, alice.userId, '100.00');
    const bob = await signUpCustomer(t);
    const { added, authenticator } = await addPasskey(t, alice, { name: 'New phone' });
    expect(added.statusCode).toBe(201);
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const young = await review(alice, bob);
    expect(young.start).toMatchObject({ required: true, method: 'email' });
    // The young passkey's assertion is no answer to it.
    const assertion = authenticator.assert({ challenge: 'c29tZS1jaGFsbGVuZ2U' });
    const refused = await post(
      '/api/transfers/step-up/verify',
      { challengeId: young.start.challengeId, passkey: assertion },
      alice.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('OTP_INVALID');

    // Once it is old enough, it confirms payments alone.
    await agePasskeys(t, alice.userId);
    const grown = await review(alice, bob);
    expect(grown.start).toMatchObject({ required: true, method: 'passkey' });
    const ok = await post(
      '/api/transfers/step-up/verify',
      { challengeId: grown.start.challengeId, passkey: authenticator.assert(grown.start.options as Options) },
      alice.cookie,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('with an old passkey and a newly planted one, the prompt names only the old one and the new one is refused', async () => {
    const alice = await signUpCustomer(t);
    const { authenticator: own } = await addPasskey(t, alice, { name: 'Own' });
    await agePasskeys(t, alice.userId);
    // Adding a second passkey now asks for the existing (old) passkey, not the emailed code.
    const start = await post('/api/me/step-up', { action: 'passkey.add' }, alice.cookie);
    expect(start.json()).toMatchObject({ required: true, method: 'passkey', reasons: ['account_change'] });
    const { added, authenticator: planted } = await addPasskey(t, alice, { name: 'Planted', proveWith: own });
    expect(added.statusCode, added.body).toBe(201);

    const bob = await signUpCustomer(t);
    const r = await review(alice, bob);
    expect(r.start.method).toBe('passkey');
    const allowed = (r.start.options as unknown as { allowCredentials: { id: string }[] }).allowCredentials;
    expect(allowed.map((c) => c.id)).toEqual([own.credentialId.toString('base64url')]);
    const byPlanted = await post(
      '/api/transfers/step-up/verify',
      { challengeId: r.start.challengeId, passkey: planted.assert(r.start.options as Options) },
      alice.cookie,
    );
    expect(byPlanted.statusCode).toBe(400);
    expect(byPlanted.json().error.code).toBe('PASSKEY_FAILED');
  });
});
