import crypto from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { randomMicrLine } from '@larkspur/contract';
import { adminTest as test, creditThroughApi, uniqueWord } from '../support/admin';
import {
  checkImages,
  depositCheckThroughApi,
  fillMicrLine,
  openAccount,
  type SignedInCustomer,
} from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { signInAdmin } from '../support/identity';
import { open, SCREEN_WIDTHS } from '../support/screens';

// Issue 13: a deposited check is credited at once but held; only the available balance can be
// spent. The customer sees both balances and the hold; a reviewer releases it early or returns
// the check in the admin console. The admin is this test's page; the customer has a browser of
// their own.

const INSUFFICIENT_FUNDS = 'Insufficient funds.';
const CHECK_OVER_LIMIT = 'A single check can be for at most $10,000.00.';
const DAILY_LIMIT = 'This deposit would take your check deposits today over $20,000.00.';
const DUPLICATE_CHECK = 'This check has already been deposited.';
/** A message as a regular expression's text. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Nov 26, 2026": how the web writes a date. */
const DATE = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;

const NO_COOKIES = { cookies: [], origins: [] };
const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;

/** The value cell (`dd`) beside a label (`dt`) of a review or receipt. */
const detail = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** A customer signed in in a browser of their own (no admin cookie: a sign-up would end that session). */
async function customerBrowser(browser: Browser, surname: string) {
  const context = await browser.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
  const page = await context.newPage();
  const customer = await openAccount(page.request, { firstName: 'Robin', surname });
  return { context, page, customer };
}

/** How long a resized page may take to lay out again before sideways scrolling counts: 3 s. */
const SETTLE_TRIES = 20;
const SETTLE_PAUSE_MS = 150;

/** Light and dark, at 375 and 1280 px: NAME-light-375.png … NAME-dark-1280.png. */
async function screenshotThemes(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Nothing may scroll sideways at a phone's width. Charts re-measure after a resize
      // (ResizeObserver, then a render), so the layout gets a moment to settle before it is judged.
      const measure = () =>
        page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`);
          return { by: document.documentElement.scrollWidth - limit, wide: wide.slice(0, 5) };
        });
      let overflow = await measure();
      for (let tries = 0; overflow.by > 0 && tries < SETTLE_TRIES; tries += 1) {
        await page.waitForTimeout(SETTLE_PAUSE_MS);
        overflow = await measure();
      }
      expect(
        overflow.by,
        `${name} at ${width} px scrolls sideways: ${overflow.wide.join(', ')}`,
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

async function balances(page: Page): Promise<{ available: string; current: string }> {
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  const body = (await me.json()) as { balance: string; availableBalance: string };
  return { available: body.availableBalance, current: body.balance };
}

/** The admin's holds list, on the row or card of one check. */
function holdOf(page: Page, customer: SignedInCustomer, checkNumber: string): Locator {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  const items = wide ? page.getByRole('row') : page.getByRole('listitem');
  return items.filter({ hasText: customer.accountNumber }).filter({ hasText: checkNumber });
}

test.describe('check holds', () => {
  test('a deposited check is held: the customer sees it and cannot spend it; a reviewer releases one and returns another', async ({
    page,
    browser,
    playwright,
  }) => {
    test.slow();
    const surname = uniqueWord('Holder');
    const { context, page: customerPage, customer } = await customerBrowser(browser, surname);
    await creditThroughApi(page.request, customer.userId, '100.00');

    // The customer deposits a $240 check with both photos.
    const micr = randomMicrLine('5001');
    const images = await checkImages({ ...micr, amount: '240.00', payee: `Robin ${surname}` });
    await open(customerPage, '/user/dashboard/deposit-check', 'Deposit check');
    await customerPage.getByLabel('Amount of the check').fill('240');
    await fillMicrLine(customerPage, micr);
    await customerPage.getByLabel('Choose photo for the front of the check').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: images.front,
    });
    await customerPage.getByLabel('Choose photo for the back of the check').setInputFiles({
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: images.back,
    });
    await customerPage.getByRole('button', { name: 'Review deposit' }).click();
    await customerPage.getByRole('button', { name: 'Confirm deposit' }).click();
    await expect(customerPage.getByRole('heading', { name: 'Deposit complete' })).toBeVisible();
    // The receipt says when the money can be spent, and what can be spent now.
    await expect(customerPage.getByTestId('deposit-availability')).toHaveText(
      new RegExp(`^(Available ${DATE}|\\$[\\d,]+\\.\\d{2} available now, the rest ${DATE})$`),
    );
    await expect(detail(customerPage, 'Balance after')).toHaveText('$340.00');
    await expect(detail(customerPage, 'Available to spend')).toHaveText('$100.00');
    await expect(detail(customerPage, 'Hold')).toContainText('On hold · available');
    await expectNoA11yViolations(customerPage);
    await screenshotThemes(customerPage, 'holds-deposit-receipt');
    expect(await balances(customerPage)).toEqual({ available: '100.00', current: '340.00' });

    // The overview: available is the big number, current beside it, and what is held until when.
    await open(customerPage, '/user/dashboard', /Robin/);
    await expect(customerPage.getByTestId('available-balance')).toHaveText('$100.00');
    await expect(customerPage.getByTestId('current-balance')).toHaveText('$340.00');
    await expect(customerPage.getByTestId('on-hold')).toHaveText(
      new RegExp(`^\\$240\\.00 on hold until ${DATE}$`),
    );
    await expect(
      customerPage.getByRole('region', { name: 'Recent activity' }).getByText(/^On hold · available /),
    ).toBeVisible();
    await expectNoA11yViolations(customerPage);
    await screenshotThemes(customerPage, 'holds-dashboard');

    // The statement marks the held deposit, in words.
    await open(customerPage, '/user/dashboard/transactions', 'Transactions');
    const held = customerPage.getByRole('row').filter({ hasText: 'Check Deposit' });
    await expect(held).toContainText(new RegExp(`On hold · available ${DATE}`));
    // And so does its receipt.
    await held.getByRole('button').first().click();
    const receipt = customerPage.getByRole('dialog');
    await expect(detail(receipt, 'Availability')).toHaveText(new RegExp(`^On hold · available ${DATE}$`));
    await expectNoA11yViolations(customerPage);
    await customerPage.keyboard.press('Escape');
    await expect(receipt).toHaveCount(0);

    // More than is available (less than the balance) cannot be sent: the form says so, and so does
    // the server when asked directly.
    const payeeApi = await playwright.request.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
    const payee = await openAccount(payeeApi, { firstName: 'Jane', surname: uniqueWord('Payee') });
    await open(customerPage, '/user/dashboard/send-money', 'Send money');
    const account = customerPage.getByLabel('Recipient account number');
    await account.fill(payee.accountNumber);
    await account.blur();
    await customerPage.getByLabel('Recipient name').fill('Jane Payee');
    await customerPage.getByLabel('Amount (US dollars)').fill('150.00');
    await customerPage.getByRole('button', { name: 'Review transfer' }).click();
    await expect(customerPage.getByLabel('Amount (US dollars)')).toHaveAccessibleDescription(
      new RegExp(`${escape(INSUFFICIENT_FUNDS)}( You can send up to \\$[\\d,]+\\.\\d\\d\\.)?$`),
    );
    const refused = await customerPage.request.post('/api/transfers', {
      data: {
        type: 'Local Transfer',
        recipientAccount: payee.accountNumber,
        recipientName: 'Jane Payee',
        amount: '150.00',
        purpose: 'More than is available',
      },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(INSUFFICIENT_FUNDS);
    expect(await balances(customerPage)).toEqual({ available: '100.00', current: '340.00' });

    // The reviewer sees both sides of the check and releases the hold early.
    await open(page, '/admin/dashboard/holds', 'Check holds');
    const row = holdOf(page, customer, '5001');
    await expect(row).toContainText('$240.00');
    for (const side of ['Front', 'Back']) {
      const image = row.getByRole('img', { name: new RegExp(`^${side} of check 5001`) });
      await expect(image).toBeVisible();
      // The photo really loaded (an image the server refused would have no size).
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    // At a laptop's width the whole table fits: the actions are not scrolled out of sight.
    const table = page.getByRole('region', { name: 'Active holds' });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'holds-admin');
    // At a phone's width the holds are cards, with the same photos and actions.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(
      holdOf(page, customer, '5001').getByRole('button', { name: /^Release early/ }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    await holdOf(page, customer, '5001')
      .getByRole('button', { name: /^Release early/ })
      .click();
    const release = page.getByRole('dialog', { name: 'Release this hold early' });
    await release.getByRole('button', { name: 'Release hold' }).click();
    await expect(release.getByLabel('Reason')).toHaveAccessibleDescription(/at least 3 characters/);
    await release.getByLabel('Reason').fill('Paying bank confirmed the check by phone');
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'holds-admin-release');
    await release.getByRole('button', { name: 'Release hold' }).click();
    await expect(release).toHaveCount(0);
    await expect(page.locator('.Toastify').getByText(/^Hold released/)).toBeVisible();
    await expect(holdOf(page, customer, '5001')).toHaveCount(0);

    // The customer can spend all of it now.
    expect(await balances(customerPage)).toEqual({ available: '340.00', current: '340.00' });
    await open(customerPage, '/user/dashboard', /Robin/);
    await expect(customerPage.getByTestId('available-balance')).toHaveText('$340.00');
    await expect(customerPage.getByTestId('current-balance')).toHaveText('$340.00');
    await expect(customerPage.getByTestId('on-hold')).toHaveCount(0);

    // A second check is returned by an approver (the seeded one: holds.review, decision 0167), in a
    // browser of their own: the customer sees the Returned Check record.
    const approverContext = await browser.newContext({
      baseURL: `http://localhost:${process.env.E2E_PORT}`,
      storageState: { cookies: [], origins: [] },
      viewport: { width: 1280, height: 800 },
    });
    await signInAdmin(approverContext.request, 'approver');
    const reviewer = await approverContext.newPage();
    await depositCheckThroughApi(customerPage.request, {
      amount: '60.00',
      checkNumber: '5002',
      payee: `Robin ${surname}`,
    });
    expect(await balances(customerPage)).toEqual({ available: '340.00', current: '400.00' });
    await open(reviewer, '/admin/dashboard/holds', 'Check holds');
    await expect(holdOf(reviewer, customer, '5002')).toContainText('$60.00');
    await holdOf(reviewer, customer, '5002')
      .getByRole('button', { name: /^Return check/ })
      .click();
    const giveBack = reviewer.getByRole('dialog', { name: 'Return this check' });
    // Issue 19's review: both sides of the check side by side in the decision itself, and a reason.
    const front = giveBack.getByRole('img', { name: /^Front of check 5002/ });
    const back = giveBack.getByRole('img', { name: /^Back of check 5002/ });
    for (const image of [front, back])
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    const [frontBox, backBox] = [await front.boundingBox(), await back.boundingBox()];
    expect(frontBox && backBox && Math.abs(frontBox.y - backBox.y) < 1 && frontBox.x < backBox.x).toBe(true);
    await giveBack.getByRole('button', { name: 'Return check' }).click();
    await expect(giveBack.getByLabel('Reason')).toHaveAccessibleDescription(/at least 3 characters/);
    await expect(holdOf(reviewer, customer, '5002')).toContainText('$60.00');
    await giveBack.getByLabel('Reason').fill('Paying bank answered: account closed');
    await expectNoA11yViolations(reviewer);
    await screenshotThemes(reviewer, 'holds-admin-return');
    await giveBack.getByRole('button', { name: 'Return check' }).click();
    await expect(giveBack).toHaveCount(0);
    await expect(holdOf(reviewer, customer, '5002')).toHaveCount(0);
    await reviewer.getByLabel('Status').selectOption('returned');
    await expect(reviewer).toHaveURL(/status=returned/);
    await expect(holdOf(reviewer, customer, '5002')).toContainText('Returned');
    await expect(holdOf(reviewer, customer, '5002')).toContainText('Paying bank answered: account closed');

    expect(await balances(customerPage)).toEqual({ available: '340.00', current: '340.00' });
    await open(customerPage, '/user/dashboard/transactions', 'Transactions');
    const returned = customerPage.getByRole('row').filter({ hasText: 'Returned Check' });
    await expect(returned).toContainText('$60.00');
    await expect(returned).toContainText('Debit');
    await expect(
      customerPage
        .getByRole('row')
        .filter({ hasText: 'Check Deposit' })
        .filter({ hasText: 'Check returned' }),
    ).toContainText('$60.00');
    await expectNoA11yViolations(customerPage);
    await screenshotThemes(customerPage, 'holds-transactions');

    await approverContext.close();
    await payeeApi.dispose();
    await context.close();
  });

  test('the deposit form refuses what the limits refuse, in the bank’s words, beside the field', async ({
    browser,
  }) => {
    test.slow();
    const { context, page: customerPage } = await customerBrowser(browser, uniqueWord('Limits'));
    const { micr } = await depositCheckThroughApi(customerPage.request, {
      amount: '10000.00',
      checkNumber: '7001',
    });

    await open(customerPage, '/user/dashboard/deposit-check', 'Deposit check');
    const amount = customerPage.getByLabel('Amount of the check');
    const checkNumber = customerPage.getByLabel('Check number');
    const confirm = async () => {
      await customerPage.getByRole('button', { name: 'Review deposit' }).click();
      await customerPage.getByRole('button', { name: 'Confirm deposit' }).click();
    };

    // Over the per-check limit, and no photos: refused before anything is sent.
    await amount.fill('10000.01');
    await fillMicrLine(customerPage, micr);
    await customerPage.getByRole('button', { name: 'Review deposit' }).click();
    await expect(amount).toHaveAccessibleDescription(new RegExp(`${escape(CHECK_OVER_LIMIT)}$`));
    await expect(customerPage.getByText('Add a photo of the front of the check.')).toBeVisible();
    await expect(customerPage.getByText('Add a photo of the back of the check.')).toBeVisible();

    const images = await checkImages({ checkNumber: '7003', amount: '25.00' });
    await customerPage.getByLabel('Choose photo for the front of the check').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: images.front,
    });
    await customerPage.getByLabel('Choose photo for the back of the check').setInputFiles({
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: images.back,
    });

    // A check already deposited (its MICR line, decision 0192): the server refuses, the form says so.
    await amount.fill('25.00');
    await confirm();
    await expect(customerPage.getByText(DUPLICATE_CHECK)).toBeVisible();
    await expectNoA11yViolations(customerPage);

    // A second $10,000 check today reaches the day's limit: the next is refused under the amount.
    await depositCheckThroughApi(customerPage.request, { amount: '10000.00', checkNumber: '7002' });
    await checkNumber.fill('7003');
    await confirm();
    await expect(amount).toHaveAccessibleDescription(new RegExp(`${escape(DAILY_LIMIT)}$`));
    await expectNoA11yViolations(customerPage);
    await screenshot(customerPage, 'holds-deposit-limit');

    // Nothing of either was credited.
    expect(await balances(customerPage)).toEqual({ available: '0.00', current: '20000.00' });
    await context.close();
  });
});
