import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Identity fixtures for end-to-end tests: make a fresh customer through the API (as the sign-up
 * form does, reading the emailed code from the dev mailbox) and sign in the seeded admin.
 *
 * Pass `page.request` (or `context.request`): it shares the browser context's cookies, so the
 * page is signed in afterwards as well.
 */

/** The verification email's subject (product §7): "Your Larkspur Bank Verification Code: 123456". */
const CODE_SUBJECT = /Verification Code: (\d{6})$/;
/** How long a code may take to show up in the mailbox (it is sent before the API answers). */
const MAILBOX_WAIT_MS = 10_000;
const MAILBOX_POLL_MS = 200;
/** The server's resend throttle: one code per address per 30 s (OTP_RESEND_INTERVAL_MS). */
const CODE_RESEND_INTERVAL_MS = 30_000;
const CODE_RESEND_MARGIN_MS = 1_000;
/**
 * Sign-ins of the one seeded admin that may queue behind each other's codes: the admin tests'
 * worker, the customer tests' worker (each signs the admin in once, again after a restart) and the
 * admin sign-in test itself. Each waits out the one before it.
 */
const CODE_RESEND_QUEUE_MAX = 4;
/** Time a worker's admin sign-in may take, waiting out the queue above. */
export const ADMIN_SIGN_IN_TIMEOUT_MS =
  CODE_RESEND_QUEUE_MAX * (CODE_RESEND_INTERVAL_MS + CODE_RESEND_MARGIN_MS) + 30_000;
const CODE_RESEND_POLL_MS = 1_000;

export interface Applicant {
  firstName: string;
  surname: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  country: string;
  maritalStatus: 'Single' | 'Married' | 'Domestic partnership' | 'Separated' | 'Divorced' | 'Widowed';
  occupation: string;
  ssn: string;
  dob: string;
  password: string;
  confirmPassword: string;
}

export interface Customer extends Applicant {
  accountNumber: string;
}

/** A new person nobody has used yet: a unique email, valid details, a strong password. */
export function newApplicant(overrides: Partial<Applicant> = {}): Applicant {
  const unique = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? `Marigold ${unique} lantern`;
  return {
    firstName: 'Robin',
    surname: 'Tester',
    email: `e2e.${unique}@example.com`,
    phone: '+1 415 555 0100',
    address: '500 Howard Street, San Francisco, CA',
    zipCode: '94105',
    country: 'United States',
    maritalStatus: 'Single',
    occupation: 'Quality engineer',
    ssn: '123-45-6789',
    dob: '1991-06-15',
    password,
    confirmPassword: password,
    ...overrides,
  };
}

interface MailboxMessage {
  id: number;
  subject: string;
  createdAt: string;
}

async function mailboxFor(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok(), `GET /api/dev/mailbox answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { messages: MailboxMessage[] };
  return body.messages;
}

/** The id of the newest message to this address (0 for none): codes after it are new. */
export async function latestMailId(request: APIRequestContext, email: string): Promise<number> {
  const messages = await mailboxFor(request, email);
  return messages.reduce((max, m) => Math.max(max, m.id), 0);
}

/** Waits for a verification code newer than `afterId` to arrive for this address. */
export async function readCode(request: APIRequestContext, email: string, afterId = 0): Promise<string> {
  const deadline = Date.now() + MAILBOX_WAIT_MS;
  while (Date.now() < deadline) {
    for (const message of await mailboxFor(request, email)) {
      const match = CODE_SUBJECT.exec(message.subject);
      if (message.id > afterId && match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, MAILBOX_POLL_MS));
  }
  throw new Error(`no verification code for ${email} within ${MAILBOX_WAIT_MS} ms`);
}

/**
 * Posts a request that sends a code; while the server's resend throttle for this address holds
 * (other tests asked for a code moments ago), waits and asks again.
 */
async function postSendingCode(request: APIRequestContext, url: string, data: unknown) {
  const deadline = Date.now() + CODE_RESEND_QUEUE_MAX * (CODE_RESEND_INTERVAL_MS + CODE_RESEND_MARGIN_MS);
  for (;;) {
    const response = await request.post(url, { data });
    if (response.status() !== 429 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, CODE_RESEND_POLL_MS));
  }
}

/** Opens an account through the API and leaves `request` (and its browser context) signed in. */
export async function createCustomer(
  request: APIRequestContext,
  overrides: Partial<Applicant> = {},
): Promise<Customer> {
  const applicant = newApplicant(overrides);
  const start = await request.post('/api/auth/signup/start', { data: applicant });
  expect(start.status(), await start.text()).toBe(202);
  const code = await readCode(request, applicant.email);
  const verify = await request.post('/api/auth/signup/verify', { data: { ...applicant, code } });
  expect(verify.status(), await verify.text()).toBe(201);
  const { accountNumber } = (await verify.json()) as { accountNumber: string };
  return { ...applicant, accountNumber };
}

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Which seeded admin: the first, or the second who approves the first one's money requests. */
export type SeededAdmin = 'admin' | 'approver';
const CREDENTIAL_BLOCKS: Record<SeededAdmin, RegExp> = {
  admin: /^Admin\b.*\n\s+login:\s+(\S+)\n\s+password:\s+(\S+)/m,
  approver: /^Approver\b.*\n\s+login:\s+(\S+)\n\s+password:\s+(\S+)/m,
};

/** A seeded admin's login, from the file the server writes to its data directory on first start. */
export function adminCredentials(who: SeededAdmin = 'admin'): AdminCredentials {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup');
  const text = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const block = CREDENTIAL_BLOCKS[who].exec(text);
  if (!block?.[1] || !block[2]) throw new Error(`demo-credentials.txt has no ${who} entry`);
  return { email: block[1], password: block[2] };
}

/** Signs a staff member in through the API: password, then the emailed code. */
export async function signInStaffApi(request: APIRequestContext, staff: AdminCredentials): Promise<void> {
  const before = await latestMailId(request, staff.email);
  const start = await postSendingCode(request, '/api/auth/admin/login', staff);
  expect(start.status(), await start.text()).toBe(202);
  const code = await readCode(request, staff.email, before);
  const verify = await request.post('/api/auth/admin/verify', { data: { email: staff.email, code } });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Signs a seeded admin in through the API: password, then the emailed code. */
export async function signInAdmin(
  request: APIRequestContext,
  who: SeededAdmin = 'admin',
): Promise<AdminCredentials> {
  const admin = adminCredentials(who);
  await signInStaffApi(request, admin);
  return admin;
}

/**
 * For the UI's admin sign-in: waits until the admin's code may be sent again, so the form's
 * first attempt is not refused by the resend throttle another test set off.
 */
export async function waitForAdminCodeSlot(request: APIRequestContext): Promise<void> {
  const admin = adminCredentials();
  const messages = await mailboxFor(request, admin.email);
  // Newest first: the last code this address was sent.
  const newest = messages.find((m) => CODE_SUBJECT.test(m.subject));
  if (!newest) return;
  const waitMs = Date.parse(newest.createdAt) + CODE_RESEND_INTERVAL_MS + CODE_RESEND_MARGIN_MS - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

/** Waits for the newest mail to `email` whose subject matches, and returns its mailbox id. */
export async function waitForMail(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<number> {
  const deadline = Date.now() + MAILBOX_WAIT_MS;
  while (Date.now() < deadline) {
    const found = (await mailboxFor(request, email)).find((m) => subject.test(m.subject));
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, MAILBOX_POLL_MS));
  }
  throw new Error(`no mail matching ${String(subject)} for ${email} within ${MAILBOX_WAIT_MS} ms`);
}

/**
 * The invitee's side of a staff invitation through the API (decision 0189): reads the link from
 * the emailed invitation and chooses the password with it. The Staff specs that are about other
 * things use this; e2e/tests/staff-invitation.spec.ts walks the page itself.
 */
export async function activateInvitationApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  await waitForMail(request, email, /activate your staff account/);
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
  const mail = messages.find((m) => /activate your staff account/.test(m.subject));
  const token = /\/staff-invitation#([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `an invitation link mailed to ${email}`).toBeTruthy();
  const done = await request.post('/api/auth/staff-invitation/complete', {
    data: { token, newPassword: password, confirmPassword: password },
  });
  expect(done.status(), await done.text()).toBe(200);
}
