import crypto from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@larkspur/contract';
import { mailboxMessages } from '../db/schema/index';
import { createFieldCipher } from '../lib/field-encryption';
import { hashPassword } from '../lib/passwords';
import { createUserService } from '../modules/users/index';
import type { TestApp } from './test-app';

/** Headers a browser on our own origin would send with a JSON request. */
export const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://localhost:3000' } as const;

let counter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

export function validSignup(overrides: Record<string, string> = {}) {
  return {
    firstName: 'Jane',
    surname: 'Doe',
    email: uniqueEmail(),
    phone: '+1 415 555 0142',
    address: '1 Market Street, San Francisco, CA',
    zipCode: '94105',
    country: 'United States',
    maritalStatus: 'Single',
    occupation: 'Engineer',
    ssn: '123-45-6789',
    dob: '1990-04-12',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...overrides,
  };
}

/** The session cookie a response set, as a `cookie` request header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name.endsWith('larkspur_session'));
  if (!set) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `${set.name}=${set.value}`;
}

/**
 * The cookies a response set, as a `cookie` request header value, merged over `jar` (a cleared
 * cookie is dropped): what a browser would send next. The two-step sign-ins need it, since the
 * second step must come from the browser that did the first (its pending cookie, decision 0080).
 */
export function cookieJar(res: LightMyRequestResponse, jar = ''): string {
  const cookies = new Map<string, string>();
  for (const part of jar.split('; ').filter(Boolean)) {
    const at = part.indexOf('=');
    cookies.set(part.slice(0, at), part.slice(at + 1));
  }
  for (const c of res.cookies) {
    if (c.value === '') cookies.delete(c.name);
    else cookies.set(c.name, c.value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The newest verification code mailed to an address (the dev mailbox transport stores it). */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const rows = await t.database.db
    .select({ subject: mailboxMessages.subject })
    .from(mailboxMessages)
    .where(
      and(
        eq(mailboxMessages.toEmail, email.toLowerCase()),
        like(mailboxMessages.subject, '%Verification Code:%'),
      ),
    )
    .orderBy(desc(mailboxMessages.id))
    .limit(1);
  const code = /(\d{6})\s*$/.exec(rows[0]?.subject ?? '')?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}

export interface SignedUpCustomer {
  cookie: string;
  /** The browser's other cookies after sign-up (its device cookie: it is trusted for this person). */
  browser: string;
  accountNumber: string;
  email: string;
  password: string;
  userId: string;
}

/** Signs a customer up through the API, as the sign-up page does. */
export async function signUpCustomer(
  t: TestApp,
  overrides: Record<string, string> = {},
): Promise<SignedUpCustomer> {
  const body = validSignup(overrides);
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/start',
    headers: JSON_HEADERS,
    payload: body,
  });
  if (start.statusCode !== 202) throw new Error(`signup/start ${start.statusCode}: ${start.body}`);
  const code = await latestCode(t, body.email);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/verify',
    headers: { ...JSON_HEADERS, cookie: cookieJar(start) },
    payload: { ...body, code },
  });
  if (verify.statusCode !== 201) throw new Error(`signup/verify ${verify.statusCode}: ${verify.body}`);
  const json = verify.json() as { accountNumber: string; user: { id: string } };
  return {
    cookie: sessionCookie(verify),
    browser: cookieJar(verify, cookieJar(start)),
    accountNumber: json.accountNumber,
    email: body.email.toLowerCase(),
    password: body.password,
    userId: json.user.id,
  };
}

/** Creates an admin directly, as `npm run admin:create` does (an administrator unless told). */
export async function createAdmin(
  t: TestApp,
  email = uniqueEmail('admin'),
  password = 'admin password 123',
  staffRole: StaffRole = 'administrator',
): Promise<{ email: string; password: string; userId: string }> {
  const users = createUserService({
    db: t.database.db,
    clock: t.clock,
    cipher: createFieldCipher(crypto.randomBytes(32)),
  });
  const passwordHash = await hashPassword(password);
  const { userId } = await t.database.db.transaction((tx) =>
    users.createAdmin(tx, { email, passwordHash, firstName: 'Ada', surname: 'Admin', staffRole }),
  );
  return { email, password, userId };
}

/** Signs an admin in with password and emailed code; returns the session cookie. */
export async function loginAdmin(t: TestApp, email: string, password: string): Promise<string> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin/login',
    headers: JSON_HEADERS,
    payload: { email, password },
  });
  if (start.statusCode !== 202) throw new Error(`admin/login ${start.statusCode}: ${start.body}`);
  const code = await latestCode(t, email);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/admin/verify',
    headers: { ...JSON_HEADERS, cookie: cookieJar(start) },
    payload: { email, code },
  });
  if (verify.statusCode !== 200) throw new Error(`admin/verify ${verify.statusCode}: ${verify.body}`);
  return sessionCookie(verify);
}

/** A signed-in staff member with a permission set (decision 0167). */
export async function signInStaff(
  t: TestApp,
  staffRole: StaffRole,
): Promise<{ email: string; password: string; userId: string; cookie: string }> {
  const staff = await createAdmin(t, uniqueEmail(staffRole), 'admin password 123', staffRole);
  return { ...staff, cookie: await loginAdmin(t, staff.email, staff.password) };
}
