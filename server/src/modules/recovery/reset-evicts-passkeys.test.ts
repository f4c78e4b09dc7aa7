import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_RESET_REMOVAL_WINDOW_HOURS } from '@larkspur/contract';
import { auditLog, outboxMessages, passkeys } from '../../db/schema/index';
import {
  JSON_HEADERS,
  cookieJar,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { addPasskey } from '../../test/passkeys';
import type { SoftwareAuthenticator } from '../../test/software-authenticator';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD_CHANGED_TEMPLATE } from '../email/index';

/**
 * Issue 27, finding 7: a passkey planted by whoever had the password must not survive the owner's
 * password reset (decision 0186), by the guest form or with the bank's help.
 */

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'the owner takes it back 1';
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

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

/** Passkey sign-in from a fresh browser. */
async function signInWith(authenticator: SoftwareAuthenticator) {
  const options = await post('/api/auth/passkey/options', {});
  const assertion = authenticator.assert(options.json().options as { challenge: string });
  return post('/api/auth/passkey/verify', { response: assertion }, cookieJar(options));
}

/**
 * The owner's passkey, added long ago (before the removal window), and the attacker's: added
 * today from a session of their own, which the attacker keeps.
 */
async function plantedAccount(): Promise<{
  owner: SignedUpCustomer;
  own: SoftwareAuthenticator;
  planted: SoftwareAuthenticator;
  attacker: string;
}> {
  const owner = await signUpCustomer(t);
  const { authenticator: own } = await addPasskey(t, owner, { name: 'Owner phone' });
  await t.database.db
    .update(passkeys)
    .set({
      createdAt: sql`${passkeys.createdAt} - make_interval(hours => ${PASSKEY_RESET_REMOVAL_WINDOW_HOURS + 1})`,
    })
    .where(eq(passkeys.userId, owner.userId));
  const login = await post('/api/auth/login', {
    accountNumber: owner.accountNumber,
    password: owner.password,
  });
  const attacker = sessionCookie(login);
  const { added, authenticator: planted } = await addPasskey(
    t,
    { ...owner, cookie: attacker },
    { name: 'Attacker key', proveWith: own },
  );
  expect(added.statusCode, added.body).toBe(201);
  return { owner, own, planted, attacker };
}

async function expectEvicted(input: Awaited<ReturnType<typeof plantedAccount>>) {
  const { owner, own, planted, attacker } = input;
  // Every session ends: the attacker's and the owner's.
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: attacker } })).statusCode,
  ).toBe(401);
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } })).statusCode,
  ).toBe(401);
  // The planted passkey is gone and signs no one in; the owner's old one stays.
  const left = await t.database.db
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(eq(passkeys.userId, owner.userId));
  expect(left.map((p) => p.name)).toEqual(['Owner phone']);
  expect((await signInWith(planted)).statusCode).toBe(401);
  expect((await signInWith(own)).statusCode).toBe(200);
  // The "password changed" email says so, by name; the security events show the removal.
  const mail = await t.database.db
    .select({ text: outboxMessages.text, html: outboxMessages.html })
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.toEmail, owner.email), eq(outboxMessages.template, PASSWORD_CHANGED_TEMPLATE)),
    );
  expect(mail).toHaveLength(1);
  expect(mail[0]?.text).toContain('Attacker key');
  expect(mail[0]?.text).not.toContain('Owner phone');
  expect(mail[0]?.html).toContain('Attacker key');
  const removal = await t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, 'passkey'),
        eq(auditLog.action, 'passkey.remove'),
        eq(auditLog.actorId, owner.userId),
      ),
    );
  expect(removal).toHaveLength(1);
  expect(removal[0]?.reason).toBe('password reset');
}

describe('finding 7: a password reset evicts a planted passkey', () => {
  it('the forgot-password reset signs out every session and removes the passkeys added within the window', async () => {
    const account = await plantedAccount();
    const { owner } = account;
    expect((await post('/api/auth/password/forgot', { identifier: owner.accountNumber })).statusCode).toBe(
      202,
    );
    const reset = await post('/api/auth/password/reset', {
      identifier: owner.accountNumber,
      code: await queuedCode(owner.email),
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEvicted(account);
  });

  it('so does the reset with a code the bank sent (staff help)', async () => {
    const account = await plantedAccount();
    const { owner } = account;
    const sent = await post(
      `/api/admin/users/${owner.userId}/password-reset`,
      { reason: 'Customer called: someone else is in the account' },
      adminCookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const reset = await post('/api/auth/password/reset', {
      identifier: owner.accountNumber,
      code: await queuedCode(owner.email),
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectEvicted(account);
  });
});
