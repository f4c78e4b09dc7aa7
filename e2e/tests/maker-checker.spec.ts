import type { Browser, Page } from '@playwright/test';
import { adminTest as test, newCustomer, uniqueWord } from '../support/admin';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { activateInvitationApi, signInAdmin, signInStaffApi } from '../support/identity';
import { open, SCREEN_WIDTHS } from '../support/screens';

// Issue 19, decisions 0167 and 0170–0172: manual money at or above the threshold ($10,000.00 here)
// is a request; an operator (who may ask, not approve) asks and cannot approve it; an approver
// approves it in the Requests queue and the balance moves once.

const NO_COOKIES = { cookies: [], origins: [] };
const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;
/** An operator holds no `money.approve` (decision 0167): the server refuses before it looks at the maker. */
const NOT_PERMITTED = 'You do not have permission to do that.';

/** Light and dark, at 375 and 1280 px; nothing may scroll sideways. */
async function screenshotThemes(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        )
        .toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

/** A new operator, added by the administrator and signed in in a browser of their own. */
async function operatorBrowser(admin: Page, browser: Browser, width: number) {
  const surname = uniqueWord('Maker');
  const staff = { email: `${surname.toLowerCase()}@bank.example`, password: 'operator passphrase 42' };
  // Invited (decision 0189): the operator chooses their own password from the emailed link.
  const created = await admin.request.post('/api/admin/staff', {
    data: { email: staff.email, firstName: 'Olive', surname, staffRole: 'operator' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({
    baseURL: baseURL(),
    storageState: NO_COOKIES,
    viewport: { width, height: 800 },
  });
  await activateInvitationApi(context.request, staff.email, staff.password);
  await signInStaffApi(context.request, staff);
  return { context, page: await context.newPage() };
}

/** The second seeded staff member (the approver set), signed in in a browser of their own. */
async function approverBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
  await signInAdmin(context.request, 'approver');
  return { context, page: await context.newPage() };
}

async function balanceAsAdmin(page: Page, userId: string): Promise<string> {
  const response = await page.request.get(`/api/admin/users/${userId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { profile: { balance: string } }).profile.balance;
}

// Each flow runs once, at one width; the screenshots inside it check and picture both widths
// (decision 0211: CI time). Screens that differ by width are tested at each.
for (const width of [1280] as const) {
  test(`an operator's $20,000 credit waits for an approver, who approves it; the balance moves once (${width} px)`, async ({
    page,
    playwright,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const { userId, customer } = await newCustomer(playwright, page.request);

    // The maker is an operator: the administrator adds one, who signs in.
    const operator = await operatorBrowser(page, browser, width);
    const maker = operator.page;
    // The operator asks for a $20,000 credit: the dialog says it needs a second approval.
    await open(maker, `/admin/dashboard/users?user=${userId}`, /Robin|Tester/);
    await maker.getByLabel('Amount (USD)').fill('20000');
    await maker
      .getByLabel('Reason', { exact: true })
      .fill('Wire from the customer’s old bank, held at branch');
    await maker.getByRole('button', { name: 'Review credit' }).click();
    const ask = maker.getByRole('dialog', { name: 'Request a credit' });
    await expect(ask.getByText('Needs a second approval.')).toBeVisible();
    await expect(ask.getByText('Balance after approval')).toBeVisible();
    await expectNoA11yViolations(maker);
    if (width === 1280) await screenshotThemes(maker, 'maker-checker-request-dialog');
    await ask.getByRole('button', { name: 'Request credit $20,000.00' }).click();
    await expect(ask).toHaveCount(0);
    const sent = maker.getByRole('status').filter({ hasText: 'Sent for approval' });
    await expect(sent).toContainText('Waiting for approval');
    await expect(sent).toContainText('Credit $20,000.00 to');
    await expect(maker.getByTestId('user-balance')).toHaveText('$0.00');
    expect(await balanceAsAdmin(page, userId)).toBe('0.00');
    await expectNoA11yViolations(maker);
    if (width === 1280) await screenshotThemes(maker, 'maker-checker-request-sent');

    // The maker follows it under "my requests", and cannot approve it: no button, and the server refuses.
    await sent.getByRole('link', { name: 'Follow my requests' }).click();
    await expect(maker.getByRole('heading', { level: 1, name: 'Money requests' })).toBeVisible();
    await expect(maker.getByLabel('Only my requests')).toBeChecked();
    const mine = maker.getByRole('listitem').filter({ hasText: customer.accountNumber });
    await expect(mine).toContainText('Your request: another staff member must approve or reject it.');
    await expect(mine.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expectNoA11yViolations(maker);
    if (width === 1280) await screenshotThemes(maker, 'maker-checker-mine');
    const list = await maker.request.get('/api/admin/requests?mine=true');
    const { items } = (await list.json()) as { items: { id: string; userId: string }[] };
    const request = items.find((item) => item.userId === userId);
    if (!request) throw new Error('the request is not in my list');
    const own = await maker.request.post(`/api/admin/requests/${request.id}/approve`, { data: {} });
    expect(own.status()).toBe(403);
    expect(((await own.json()) as { error: { message: string } }).error.message).toBe(NOT_PERMITTED);
    expect(await balanceAsAdmin(page, userId)).toBe('0.00');

    // The approver sees it in the queue (the nav counts what waits) and approves it.
    const approver = await approverBrowser(browser);
    try {
      const checker = approver.page;
      await checker.setViewportSize({ width, height: 800 });
      await open(checker, '/admin/dashboard/requests', 'Money requests');
      if (width === 1280)
        await expect(
          checker
            .getByRole('navigation', { name: 'Admin console' })
            .getByRole('link', { name: /Requests \d+ waiting/ }),
        ).toBeVisible();
      const card = checker.getByRole('listitem').filter({ hasText: customer.accountNumber });
      await expect(card).toContainText('$20,000.00');
      await expect(card).toContainText('Waiting for approval');
      if (width === 1280) await screenshotThemes(checker, 'maker-checker-queue');
      await card.getByRole('button', { name: /^Approve/ }).click();
      const dialog = checker.getByRole('dialog', { name: 'Approve this request' });
      await expect(dialog).toContainText('Approving moves the money now, once.');
      await expectNoA11yViolations(checker);
      if (width === 1280) await screenshotThemes(checker, 'maker-checker-approve-dialog');
      await dialog.getByRole('button', { name: 'Approve $20,000.00' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(checker.locator('.Toastify').getByText(/^Approved: Credit \$20,000\.00/)).toBeVisible();
      await expect(card).toHaveCount(0);

      // The balance moved, once; a second approval is refused and moves nothing.
      expect(await balanceAsAdmin(page, userId)).toBe('20000.00');
      const again = await checker.request.post(`/api/admin/requests/${request.id}/approve`, { data: {} });
      expect(again.status()).toBe(409);
      expect(await balanceAsAdmin(page, userId)).toBe('20000.00');
      const records = await page.request.get(`/api/admin/transactions?userId=${userId}`);
      expect(((await records.json()) as { items: unknown[] }).items).toHaveLength(1);

      await checker.getByLabel('State').selectOption('approved');
      const approved = checker.getByRole('listitem').filter({ hasText: customer.accountNumber });
      await expect(approved).toContainText('Approved by Blake Approver');
      await expectNoA11yViolations(checker);
      if (width === 1280) await screenshotThemes(checker, 'maker-checker-approved');

      // The overview counts the queue.
      await open(page, '/admin/dashboard', 'Overview');
      await expect(page.getByRole('region', { name: 'Money requests' })).toBeVisible();
      if (width === 1280) await screenshotThemes(page, 'maker-checker-overview');
    } finally {
      await approver.context.close();
      await operator.context.close();
    }
  });
}
