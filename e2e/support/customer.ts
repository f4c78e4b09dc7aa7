import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { randomMicrLine, type MicrLine } from '@larkspur/contract';
import { creditThroughApi } from './admin';
import { test as base } from './fixtures';
import {
  ADMIN_SIGN_IN_TIMEOUT_MS,
  createCustomer,
  signInAdmin,
  type Applicant,
  type Customer,
} from './identity';

/**
 * Fixtures for the customer screens' end-to-end tests (issue #7). Every test starts from a fresh
 * customer made through the API (the page's own context, so the page is signed in as them) and
 * funded through the admin credit endpoint. The seeded admin signs in once per worker, in a
 * request context of its own: its cookie never replaces the customer's.
 */

const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;

export const customerTest = base.extend<object, { adminApi: APIRequestContext }>({
  adminApi: [
    async ({ playwright }, use) => {
      const context = await playwright.request.newContext({ baseURL: baseURL() });
      await signInAdmin(context);
      await use(context);
      await context.dispose();
    },
    // The admin's sign-in may wait out other workers' codes (support/identity.ts).
    { scope: 'worker', timeout: ADMIN_SIGN_IN_TIMEOUT_MS },
  ],
});

export interface SignedInCustomer extends Customer {
  userId: string;
}

/** Opens an account through `request` (which, with its browser context, is signed in afterwards). */
export async function openAccount(
  request: APIRequestContext,
  overrides: Partial<Applicant> = {},
): Promise<SignedInCustomer> {
  const customer = await createCustomer(request, overrides);
  const me = await request.get('/api/me');
  expect(me.status(), await me.text()).toBe(200);
  const { uid } = (await me.json()) as { uid: string };
  return { ...customer, userId: uid };
}

/** A second person in a browser of their own (another context: other cookies, other live stream). */
export async function openAccountInNewBrowser(
  browser: Browser,
  overrides: Partial<Applicant> = {},
): Promise<{ context: BrowserContext; page: Page; customer: SignedInCustomer }> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  const customer = await openAccount(page.request, overrides);
  return { context, page, customer };
}

export async function fund(
  admin: APIRequestContext,
  customer: SignedInCustomer,
  amount: string,
): Promise<void> {
  await creditThroughApi(admin, customer.userId, amount);
}

/** The balance the server holds ("1234.50"), read as the customer. */
export async function balanceOf(request: APIRequestContext): Promise<string> {
  const me = await request.get('/api/me');
  expect(me.status()).toBe(200);
  return ((await me.json()) as { balance: string }).balance;
}

export interface RecordSummary {
  id: string;
  transactionId: string;
  type: string;
  direction: 'credit' | 'debit';
  amount: string;
  recipientName: string;
  senderName: string;
  purpose: string;
}

/** The customer's own records, newest first (one page is plenty for a test's few). */
export async function recordsOf(request: APIRequestContext, query = ''): Promise<RecordSummary[]> {
  const response = await request.get(`/api/me/transactions?limit=100${query ? `&${query}` : ''}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: RecordSummary[] }).items;
}

/** A transfer through the API, for tests that need history to look at rather than the flow itself. */
export async function transferThroughApi(
  request: APIRequestContext,
  body: { recipientAccount: string; recipientName: string; amount: string; purpose: string },
): Promise<void> {
  const response = await request.post('/api/transfers', {
    data: { type: 'Local Transfer', ...body },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Parses RFC 4180 CSV (every cell quoted, as the statement export writes it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const CHECK_WIDTH_PX = 660;
const CHECK_HEIGHT_PX = 300;

export interface CheckDrawing {
  checkNumber: string;
  /** The rest of the MICR line along the bottom edge (decision 0192). */
  routingNumber: string;
  payerAccountNumber: string;
  /** As printed on the check: "240.00". */
  amount: string;
  payee: string;
}

const DEFAULT_CHECK: CheckDrawing = {
  checkNumber: '1042',
  routingNumber: '021000021',
  payerAccountNumber: '1234567890',
  amount: '240.00',
  payee: 'Robin Tester',
};

/**
 * A small drawing of a check, made in the test (sharp renders the SVG): front as PNG, back as JPEG.
 * Both sides are required, and the bank refuses a photo it has seen before on the account, so
 * each check drawn with its own number and amount is a different picture.
 */
export async function checkImages(
  drawing: Partial<CheckDrawing> = {},
): Promise<{ front: Buffer; back: Buffer }> {
  const { checkNumber, routingNumber, payerAccountNumber, amount, payee } = { ...DEFAULT_CHECK, ...drawing };
  const svg = (body: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${CHECK_WIDTH_PX}" height="${CHECK_HEIGHT_PX}"><rect width="100%" height="100%" fill="#f5f3e8" stroke="#8a8468" stroke-width="6"/>${body}</svg>`,
    );
  const front = await sharp(
    svg(
      `<text x="30" y="50" font-family="sans-serif" font-size="22" fill="#333">Acme Payroll Inc.</text><text x="520" y="50" font-family="monospace" font-size="20" fill="#333">${checkNumber}</text><text x="30" y="130" font-family="sans-serif" font-size="20" fill="#333">Pay to the order of ${payee}</text><rect x="460" y="105" width="170" height="36" fill="#fff" stroke="#8a8468"/><text x="472" y="130" font-family="monospace" font-size="20" fill="#333">$ ${amount}</text><text x="30" y="270" font-family="monospace" font-size="18" fill="#333">⑆${routingNumber}⑆ ${payerAccountNumber}⑈ ${checkNumber}</text>`,
    ),
  )
    .png()
    .toBuffer();
  const back = await sharp(
    svg(
      `<text x="30" y="60" font-family="sans-serif" font-size="18" fill="#333">Endorse here</text><text x="30" y="110" font-family="cursive" font-size="30" fill="#1a3a8a">${payee}</text><text x="30" y="150" font-family="sans-serif" font-size="16" fill="#333">For mobile deposit at Larkspur Bank only</text><text x="30" y="270" font-family="monospace" font-size="14" fill="#777">Check ${checkNumber} · $ ${amount}</text>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();
  return { front, back };
}

/**
 * A check deposit through the API, both photos attached (setup for tests about something else).
 * Its MICR line is random unless given (the duplicate rule is bank-wide, decision 0192), drawn on
 * the photo, and returned for a test that deposits the same check again.
 */
export async function depositCheckThroughApi(
  request: APIRequestContext,
  check: { amount: string; checkNumber: string; payee?: string } & Partial<MicrLine>,
): Promise<{
  transaction: { id: string; transactionId: string };
  balance: string;
  availableBalance: string;
  micr: MicrLine;
}> {
  const micr = { ...randomMicrLine(check.checkNumber), ...check, checkNumber: check.checkNumber };
  const images = await checkImages({ ...check, ...micr });
  const response = await request.post('/api/deposits/check', {
    data: {
      amount: check.amount,
      checkNumber: micr.checkNumber,
      routingNumber: micr.routingNumber,
      payerAccountNumber: micr.payerAccountNumber,
      frontImage: { contentType: 'image/png', dataBase64: images.front.toString('base64') },
      backImage: { contentType: 'image/jpeg', dataBase64: images.back.toString('base64') },
    },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as {
    transaction: { id: string; transactionId: string };
    balance: string;
    availableBalance: string;
  };
  return {
    ...body,
    micr: {
      routingNumber: micr.routingNumber,
      payerAccountNumber: micr.payerAccountNumber,
      checkNumber: micr.checkNumber,
    },
  };
}

/** Types a check's MICR line into the deposit form (decision 0192). */
export async function fillMicrLine(page: Page, micr: MicrLine): Promise<void> {
  await page.getByLabel('Routing number').fill(micr.routingNumber);
  await page.getByLabel("Payer's account number").fill(micr.payerAccountNumber);
  await page.getByLabel('Check number').fill(micr.checkNumber);
}

/** Writes the CSV a download produced and returns its text. */
export async function downloadText(download: { path(): Promise<string | null> }): Promise<string> {
  const file = await download.path();
  if (!file) throw new Error('the download has no file');
  return fs.readFileSync(path.resolve(file), 'utf8');
}
