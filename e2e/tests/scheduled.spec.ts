import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { expectNoA11yViolations, screenshot, test } from '../support/fixtures';
import { createCustomer, latestMailId, readCode, type Customer } from '../support/identity';
import { startServer, type RunningServer } from '../support/server';

/**
 * Issue 18: scheduled and recurring transfers. This spec runs its own bank with the test clock
 * (TEST_CLOCK=on, NODE_ENV=test: decision 0160), so that a month can pass in a request: a monthly
 * payment is set up in Send money, its payments are made as the clock moves, they show on the
 * Scheduled payments page and the overview, and another series is cancelled.
 */

const WIDTHS = [375, 1280] as const;
const SHOTS_DIR = path.resolve(import.meta.dirname, '../.artifacts/screenshots/scheduled');
let server: RunningServer;
let admin: { context: BrowserContext; request: APIRequestContext };
let adminLogin: { email: string; password: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  server = await startServer({
    port: await freePort(),
    env: {
      NODE_ENV: 'test',
      TEST_CLOCK: 'on',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
      // As the shared e2e server (decision 0220): this spec's flows do not answer the step-up yet.
      STEP_UP_PAYMENTS: 'off',
    },
  });
  const text = fs.readFileSync(path.join(server.dataDir, 'demo-credentials.txt'), 'utf8');
  const block = /^Admin\b.*\n\s+login:\s+(\S+)\n\s+password:\s+(\S+)/m.exec(text);
  if (!block?.[1] || !block[2]) throw new Error('no admin in demo-credentials.txt');
  adminLogin = { email: block[1], password: block[2] };
  const context = await browser.newContext({ baseURL: server.url });
  admin = { context, request: context.request };
});
test.afterAll(async () => {
  await admin.context.close();
  await server.stop();
});

/** Signs the admin in (again: a month on the test clock ends every session). */
async function adminSignIn(): Promise<void> {
  const before = await latestMailId(admin.request, adminLogin.email);
  const start = await admin.request.post('/api/auth/admin/login', { data: adminLogin });
  expect(start.status(), await start.text()).toBe(202);
  const code = await readCode(admin.request, adminLogin.email, before);
  const verify = await admin.request.post('/api/auth/admin/verify', {
    data: { email: adminLogin.email, code },
  });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Moves the bank's clock forward and runs a scheduler pass; returns the bank's day (UTC). */
async function advance(days: number): Promise<string> {
  const res = await admin.request.post('/api/test/clock', { data: { days } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { now: string }).now.slice(0, 10);
}

async function newCustomer(browser: Browser, width: number, firstName: string, surname?: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 800 } });
  const page = await context.newPage();
  const customer = await createCustomer(page.request, { firstName, ...(surname ? { surname } : {}) });
  const me = (await (await page.request.get('/api/me')).json()) as { uid: string };
  return { context, page, customer: { ...customer, userId: me.uid } };
}

/** Signs the customer in again in their browser (same context: the device is trusted). */
async function signInAgain(page: Page, customer: Customer): Promise<void> {
  const res = await page.request.post('/api/auth/login', {
    data: { accountNumber: customer.accountNumber, password: customer.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Light and dark, at 375 and 1280 px, into the artifacts folder; the viewport is put back. */
async function screenshotThemes(page: Page, name: string, width: number): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w, height: 800 });
      // Nothing may scroll sideways at a phone's width.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${w} px (${scheme}) scrolls sideways`).toBeLessThanOrEqual(0);
      const file = await screenshot(page, `scheduled-${name}-${scheme}`);
      if (file) fs.copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 800 });
}

for (const width of WIDTHS) {
  test(`at ${width} px: a monthly transfer is scheduled, paid as the months pass, listed, and another is cancelled`, async ({
    browser,
  }) => {
    await adminSignIn();
    const today = await advance(0);
    const payer = await newCustomer(browser, width, 'Maya');
    // Named as the payer types them: the name check (decision 0155) finds a match.
    const payee = await newCustomer(browser, width, 'Theo', 'Example');
    const credit = await admin.request.post(`/api/admin/users/${payer.customer.userId}/credit`, {
      data: { amount: '200.00', reason: 'End-to-end test setup' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(credit.status(), await credit.text()).toBe(201);
    const { page } = payer;

    // Send money → When? → Repeating, every month, 3 payments, from today (the bank's day).
    await page.goto('/user/dashboard/send-money');
    await expect(page.getByRole('heading', { level: 1, name: 'Send money' })).toBeVisible();
    await page.getByLabel('Recipient account number').fill(payee.customer.accountNumber);
    await page.getByLabel('Recipient name').fill('Theo Example');
    await page.getByLabel('Amount (US dollars)').fill('25.00');
    await page.getByLabel('Purpose (optional)').fill('Rent share');
    await page.getByRole('radio', { name: /Repeating/ }).check();
    await page.getByLabel('First payment').fill(today);
    await page.getByLabel('How often').selectOption('monthly');
    await page.getByRole('textbox', { name: 'Number of payments' }).fill('3');
    await expect(page.getByTestId('when-summary')).toContainText('Every month on the');
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'send-money-when', width);
    await page.getByRole('button', { name: 'Review transfer' }).click();

    await expect(page.getByRole('heading', { name: 'Check before you schedule' })).toBeVisible();
    await expect(page.getByText(/Each payment is made on its day/)).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'review', width);
    await page.getByRole('button', { name: 'Confirm and schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Payment scheduled' })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'confirmation', width);

    // The first payment is due today: the next scheduler pass makes it. Then a month passes.
    await advance(0);
    await advance(31);
    await signInAgain(page, payer.customer);

    await page.goto('/user/dashboard/scheduled');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled payments' })).toBeVisible();
    const card = page.getByTestId('scheduled-series').filter({ hasText: 'Theo Example' });
    await expect(card.getByText(/^Paid/)).toHaveCount(2);
    await expect(card).toContainText('payment 3 of 3');
    const balance = (await (await page.request.get('/api/me')).json()) as { balance: string };
    expect(balance.balance).toBe('150.00');
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'list', width);

    // The overview lists the one still to come.
    await page.goto('/user/dashboard');
    const upcoming = page.getByTestId('upcoming-payments');
    await expect(upcoming.getByText('Theo Example')).toBeVisible();
    await expect(upcoming).toContainText('$25.00');
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'overview', width);

    // A second series, once on a later date, cancelled from the list before it pays.
    const later = await advance(0);
    const payOn = new Date(`${later}T00:00:00.000Z`);
    payOn.setUTCDate(payOn.getUTCDate() + 5);
    const created = await page.request.post('/api/me/scheduled-transfers', {
      data: {
        transfer: {
          type: 'Local Transfer',
          recipientAccount: payee.customer.accountNumber,
          recipientName: 'Theo Gym',
          // Not the holder's name: accepted, as the name check asks (decision 0155).
          confirmPayeeRisk: true,
          amount: '40.00',
          purpose: 'Gym',
        },
        schedule: { frequency: 'once', startOn: payOn.toISOString().slice(0, 10) },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/user/dashboard/scheduled');
    const gym = page.getByTestId('scheduled-series').filter({ hasText: 'Theo Gym' });
    // One payment reads in the singular (issue 28 item 10).
    await gym.getByRole('button', { name: 'Cancel payment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'cancel-dialog', width);
    await dialog.getByRole('button', { name: 'Cancel payment', exact: true }).click();
    await expect(page.getByTestId('scheduled-series').filter({ hasText: 'Theo Gym' })).toHaveCount(0);
    await page.getByRole('radio', { name: /All, with ended and cancelled/ }).check();
    await expect(page.getByTestId('scheduled-series').filter({ hasText: 'Theo Gym' })).toContainText(
      'Cancelled',
    );

    // The third monthly payment, and nothing of the cancelled one: the series has finished.
    await advance(31);
    await signInAgain(page, payer.customer);
    const after = (await (await page.request.get('/api/me')).json()) as { balance: string };
    expect(after.balance).toBe('125.00');
    await page.goto('/user/dashboard/scheduled');
    await page.getByRole('radio', { name: /All, with ended and cancelled/ }).check();
    const finished = page.getByTestId('scheduled-series').filter({ hasText: 'Theo Example' });
    await expect(finished).toContainText('Finished');
    await expect(finished.getByText(/^Paid/)).toHaveCount(3);
    await expectNoA11yViolations(page);

    await payer.context.close();
    await payee.context.close();
  });
}
