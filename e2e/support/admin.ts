import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as apiRequest,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { test as base } from './fixtures';
import {
  ADMIN_SIGN_IN_TIMEOUT_MS,
  createCustomer,
  signInAdmin,
  type Applicant,
  type Customer,
} from './identity';

/**
 * Fixtures for the admin console's end-to-end tests. The seeded admin signs in once per worker
 * (password, then the emailed code; the server sends one code per address per 30 s), and every
 * test's browser context starts from that session. Customers are made through the API in request
 * contexts of their own, so their cookies never replace the admin's.
 */

const STATE_DIR = path.resolve(import.meta.dirname, '../.artifacts/state');
/** playwright.config.ts picks the port; contexts made by hand need the address spelled out. */
const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;
/**
 * Contexts made inside a test inherit the test's options, the admin's cookie among them; a sign-up
 * sent with it would end that session (the server retires the previous session at every sign-in).
 */
const NO_COOKIES = { cookies: [], origins: [] };

/** A request context of its own, signed in as nobody. */
export function freshRequestContext(
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
}

export const adminTest = base.extend<object, { adminStatePath: string }>({
  adminStatePath: [
    async ({ browser }, use, workerInfo) => {
      fs.mkdirSync(STATE_DIR, { recursive: true });
      const file = path.join(STATE_DIR, `admin-${workerInfo.workerIndex}.json`);
      const context = await browser.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
      await signInAdmin(context.request);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    // The admin's sign-in may wait out other workers' codes (support/identity.ts).
    { scope: 'worker', timeout: ADMIN_SIGN_IN_TIMEOUT_MS },
  ],
  storageState: async ({ adminStatePath }, use) => use(adminStatePath),
});

/** Letters only (names allow them everywhere), unique enough to find one row among many. */
export function uniqueWord(prefix: string): string {
  const letters = [...crypto.randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${prefix}${letters}`;
}

export interface CustomerSession {
  customer: Customer;
  /** Signed in as the customer (their own cookie jar). */
  api: APIRequestContext;
  userId: string;
}

/** Opens an account through the API, in its own request context, and finds its id as the admin sees it. */
export async function newCustomer(
  playwright: PlaywrightWorkerArgs['playwright'],
  admin: APIRequestContext,
  overrides: Partial<Applicant> = {},
): Promise<CustomerSession> {
  const api = await freshRequestContext(playwright);
  const customer = await createCustomer(api, { surname: uniqueWord('Tester'), ...overrides });
  const response = await admin.get(`/api/admin/users?q=${customer.accountNumber}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; accountNumber: string }[] };
  const row = items.find((item) => item.accountNumber === customer.accountNumber);
  if (!row) throw new Error(`the directory does not list ${customer.accountNumber}`);
  return { customer, api, userId: row.id };
}

/** Credits a customer through the admin API (setup for tests about something else). */
export async function creditThroughApi(
  admin: APIRequestContext,
  userId: string,
  amount: string,
): Promise<void> {
  const response = await admin.post(`/api/admin/users/${userId}/credit`, {
    data: { amount, reason: 'End-to-end test setup' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  if (response.status() === 202) {
    // At or above the maker-checker threshold (decision 0170): the second seeded admin approves.
    const { request } = (await response.json()) as { request: { id: string } };
    await approveAsSecondAdmin(request.id);
    return;
  }
  expect(response.status(), await response.text()).toBe(201);
}

/** Approves a money request as the seeded approver, in a request context of its own. */
export async function approveAsSecondAdmin(requestId: string): Promise<void> {
  const approver = await apiRequest.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
  try {
    await signInAdmin(approver, 'approver');
    const approved = await approver.post(`/api/admin/requests/${requestId}/approve`, { data: {} });
    expect(approved.status(), await approved.text()).toBe(200);
    expect(((await approved.json()) as { request: { state: string } }).request.state).toBe('approved');
  } finally {
    await approver.dispose();
  }
}

interface RecordRow {
  direction: 'credit' | 'debit';
  amount: string;
  transactionId: string;
  type: string;
  id: string;
}

const toCents = (amount: string) => BigInt(amount.replace('.', ''));

/** The customer's records (every page) and balance, as the admin API reports them. */
export async function ledgerOf(admin: APIRequestContext, userId: string) {
  const records: RecordRow[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ userId, limit: '100', ...(cursor ? { cursor } : {}) });
    const response = await admin.get(`/api/admin/transactions?${query.toString()}`);
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { items: RecordRow[]; nextCursor: string | null };
    records.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const file = await admin.get(`/api/admin/users/${userId}`);
  expect(file.status()).toBe(200);
  const { profile } = (await file.json()) as { profile: { balance: string } };
  return { records, balance: profile.balance };
}

/**
 * `npm run ledger:verify`'s promise for one customer, checked through the API (the running server
 * holds the data directory's lock): the cached balance equals money in minus money out over every
 * record, corrections included. Returns the balance.
 */
export async function expectBalanceMatchesRecords(admin: APIRequestContext, userId: string): Promise<string> {
  const { records, balance } = await ledgerOf(admin, userId);
  const sum = records.reduce(
    (total, r) => total + (r.direction === 'credit' ? toCents(r.amount) : -toCents(r.amount)),
    0n,
  );
  expect(toCents(balance), `balance ${balance} against ${records.length} records`).toBe(sum);
  return balance;
}

/** Opens the audit log filtered to one subject and expects each action's label among its rows. */
export async function expectAudited(page: Page, subjectId: string, labels: readonly string[]): Promise<void> {
  await page.goto(`/admin/dashboard/audit?subject=${encodeURIComponent(subjectId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Audit log entries' });
  for (const label of labels) {
    await expect(table.getByRole('rowheader', { name: label }).first()).toBeVisible();
  }
}
