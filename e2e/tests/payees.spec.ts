import crypto from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { errorMessage } from '@larkspur/contract';
import { customerTest as test, fund, openAccount, openAccountInNewBrowser } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open } from '../support/screens';

/**
 * Issue 18, part 1: Confirmation of Payee that really checks the name, and the payee book — in
 * Chromium at 375 and 1280 px. A payee saved from a receipt and reused (picker, payees page,
 * overview); a close match offers the name on the account; a no match needs the explicit
 * confirmation and is stored so (the receipt and the record say it).
 */

const WIDTHS = [375, 1280] as const;

/** The value cell (`dd`) beside a label (`dt`) of a review or receipt. */
const detail = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** Light and dark screenshots of what the page shows now, at its current width. */
async function shots(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, `payees-${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoA11yViolations(page);
  await screenshot(page, `payees-${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Issue 28: the name check's answer sits directly under the name it is about — below the recipient
 * name field, with no other field between (before, it stood under the account number, above the name).
 */
async function expectUnderNameField(page: Page, message: Locator): Promise<void> {
  const name = await page.getByLabel('Recipient name').boundingBox();
  const said = await message.boundingBox();
  const next = await page.getByLabel('Amount (US dollars)').boundingBox();
  if (!name || !said || !next) throw new Error('the name field, its check and the amount are all shown');
  expect(said.y).toBeGreaterThanOrEqual(name.y + name.height);
  expect(said.y + said.height).toBeLessThanOrEqual(next.y);
  expect(said.y - (name.y + name.height)).toBeLessThan(32);
}

async function fillRecipient(page: Page, account: string, name: string, amount: string): Promise<void> {
  const field = page.getByLabel('Recipient account number');
  await field.fill(account);
  await field.blur();
  await page.getByLabel('Recipient name').fill(name);
  await page.getByLabel('Recipient name').blur();
  await page.getByLabel('Amount (US dollars)').fill(amount);
}

/** Marcus Reed opens an account in a browser of his own, and leaves: the account to pay. */
async function marcusReedsAccount(browser: Browser): Promise<string> {
  const marcus = await openAccountInNewBrowser(browser, { firstName: 'Marcus', surname: 'Reed' });
  await marcus.context.close();
  return marcus.customer.accountNumber;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test('a payee saved from a receipt is reused: picker, payees page, edit, recent recipients', async ({
      page,
      browser,
      adminApi,
    }) => {
      test.slow();
      const sender = await openAccount(page.request, { firstName: 'Robin', surname: 'Sender' });
      await fund(adminApi, sender, '500.00');
      const account = await marcusReedsAccount(browser);

      await open(page, '/user/dashboard/send-money', 'Send money');
      await fillRecipient(page, account, 'Marcus Reed', '12.00');
      await expect(page.getByText('Name matches: you are paying Marcus R.')).toBeVisible();
      await shots(page, 'match');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(detail(page, 'Name check')).toHaveText('Name matches the account');
      await page.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeFocused();
      await expect(detail(page, 'Name check')).toHaveText('Name matches the account');
      await page.getByRole('button', { name: 'Save as payee' }).click();
      await expect(page.getByText('Marcus Reed is in your payees.')).toBeVisible();
      await expectNoA11yViolations(page);
      await shots(page, 'saved');

      // The payees page, from the navigation.
      await open(page, '/user/dashboard/payees', 'Payees');
      const row = page.getByRole('listitem').filter({ hasText: account });
      await expect(row).toContainText('Marcus Reed');
      await expect(row).toContainText('last paid');
      await shots(page, 'book');

      // Edit: a nickname.
      await page.getByRole('button', { name: 'Edit Marcus Reed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit payee' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Nickname (optional)').fill('Marcus (rent)');
      await expectNoA11yViolations(page);
      await shots(page, 'edit');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Marcus (rent) (Marcus Reed)')).toBeVisible();

      // Pay from the book: Send money opens with the details filled in.
      await page.getByRole('button', { name: 'Pay Marcus (rent) (Marcus Reed)' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Send money' })).toBeVisible();
      await expect(page.getByLabel('Recipient account number')).toHaveValue(account);
      await expect(page.getByLabel('Recipient name')).toHaveValue('Marcus Reed');
      await expect(page.getByText('Name matches: you are paying Marcus R.')).toBeVisible();

      // The picker in Send money fills the form too (a fresh start: a navigation without the state).
      await open(page, '/user/dashboard', /Robin/);
      await open(page, '/user/dashboard/send-money', 'Send money');
      await expect(page.getByLabel('Recipient account number')).toHaveValue('');
      await page
        .getByLabel('Pay a saved payee')
        .selectOption({ label: `Marcus (rent) — Marcus Reed · ${account}` });
      await expect(page.getByLabel('Recipient account number')).toHaveValue(account);
      await expect(page.getByLabel('Recipient name')).toHaveValue('Marcus Reed');
      await page.getByLabel('Amount (US dollars)').fill('3.00');
      await expectNoA11yViolations(page);
      await shots(page, 'picker');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await page.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeFocused();
      await expect(detail(page, 'Balance after')).toHaveText('$485.00');

      // Recent recipients on the overview (decision 0207): one click to pay again.
      await open(page, '/user/dashboard', /Robin/);
      const again = page.getByRole('region', { name: 'Recent recipients' });
      await expect(again.getByRole('link', { name: /Pay Marcus Reed/ })).toBeVisible();
      await shots(page, 'overview');
      await again.getByRole('link', { name: /Pay Marcus Reed/ }).click();
      await expect(page.getByLabel('Recipient account number')).toHaveValue(account);

      // Delete it.
      await open(page, '/user/dashboard/payees', 'Payees');
      await page.getByRole('button', { name: 'Delete Marcus (rent) (Marcus Reed)' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete payee' }).click();
      await expect(page.getByText('No payees yet')).toBeVisible();
    });

    test('a payee chosen on the payees page shows in the Send money picker (issue 28)', async ({
      page,
      browser,
    }) => {
      await openAccount(page.request, { firstName: 'Pia', surname: 'Picker' });
      const account = await marcusReedsAccount(browser);
      const saved = await page.request.post('/api/me/payees', {
        data: {
          type: 'Local Transfer',
          recipientAccount: account,
          recipientName: 'Marcus Reed',
          nickname: 'Rent',
        },
      });
      expect(saved.status(), await saved.text()).toBe(201);

      await open(page, '/user/dashboard/payees', 'Payees');
      await page.getByRole('button', { name: 'Pay Rent (Marcus Reed)' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Send money' })).toBeVisible();
      await expect(page.getByLabel('Recipient account number')).toHaveValue(account);
      // The picker says who the form is filled for, not "Choose a payee…" above their details.
      await expect(page.getByLabel('Pay a saved payee').locator('option:checked')).toHaveText(
        `Rent — Marcus Reed · ${account}`,
      );
      await shots(page, 'picked-from-book');
    });

    test('a close match offers the name on the account, and taking it makes a match', async ({
      page,
      browser,
      adminApi,
    }) => {
      const sender = await openAccount(page.request, { firstName: 'Casey', surname: 'Close' });
      await fund(adminApi, sender, '100.00');
      const account = await marcusReedsAccount(browser);

      await open(page, '/user/dashboard/send-money', 'Send money');
      await fillRecipient(page, account, 'Mark Reed', '5.00');
      const closeMatch = page.getByText('The name on this account is Marcus Reed — did you mean that?');
      await expect(closeMatch).toBeVisible();
      await expectUnderNameField(page, closeMatch);
      await expectNoA11yViolations(page);
      await shots(page, 'close-match');
      // Not before the choice: correct the name or accept the risk.
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(
        page.getByLabel('I understand the name does not match and I still want to pay this account'),
      ).toHaveAccessibleDescription('Correct the name, or confirm that you understand the risk.');
      await page.getByRole('button', { name: 'Use Marcus Reed' }).click();
      await expect(page.getByLabel('Recipient name')).toHaveValue('Marcus Reed');
      const matches = page.getByText('Name matches: you are paying Marcus R.');
      await expect(matches).toBeVisible();
      await expectUnderNameField(page, matches);
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(detail(page, 'Name check')).toHaveText('Name matches the account');
      await page.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeFocused();
    });

    test('a no match needs the explicit confirmation, and the record says so', async ({
      page,
      browser,
      adminApi,
    }) => {
      test.slow();
      const sender = await openAccount(page.request, { firstName: 'Nia', surname: 'Nomatch' });
      await fund(adminApi, sender, '100.00');
      const account = await marcusReedsAccount(browser);

      // The server refuses without the confirmation, whatever the page does.
      const refused = await page.request.post('/api/transfers', {
        data: {
          type: 'Local Transfer',
          recipientAccount: account,
          recipientName: 'John Smith',
          amount: '1.00',
        },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(refused.status()).toBe(422);
      expect((await refused.json()).error.message).toBe(errorMessage('PAYEE_CHECK_NOT_CONFIRMED'));

      await open(page, '/user/dashboard/send-money', 'Send money');
      await fillRecipient(page, account, 'John Smith', '7.50');
      // A no match names nobody (issue 28, decision 0199): neither the name nor "Marcus R.".
      await expect(
        page.getByText(
          'The name you entered does not match the name on this account. Check the name with the person you are paying.',
          { exact: false },
        ),
      ).toBeVisible();
      await expect(page.getByText('Marcus Reed')).toHaveCount(0);
      await expect(page.getByText(/Marcus R\./)).toHaveCount(0);
      const confirm = page.getByLabel(
        'I understand the name does not match and I still want to pay this account',
      );
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(confirm).toBeFocused();
      await expect(confirm).toHaveAccessibleDescription(
        'Correct the name, or confirm that you understand the risk.',
      );
      await expectNoA11yViolations(page);
      await shots(page, 'no-match');
      await confirm.check();
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(detail(page, 'Name check')).toHaveText('No match — you accepted the risk');
      await page.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeFocused();
      await expect(detail(page, 'Name check')).toHaveText('No match — you accepted the risk');
      await shots(page, 'no-match-receipt');

      // Stored so: the record itself, and its detail on the transactions screen.
      const records = await page.request.get('/api/me/transactions?limit=5&type=Local%20Transfer');
      const [record] = (
        (await records.json()) as { items: { id: string; payeeCheck: string; recipientName: string }[] }
      ).items;
      expect(record).toMatchObject({ payeeCheck: 'no_match', recipientName: 'John Smith' });
      await open(page, `/user/dashboard/transactions?id=${record?.id ?? ''}`, 'Transactions');
      const dialog = page.getByRole('dialog');
      await expect(detail(dialog, 'Name check')).toHaveText('No match — you accepted the risk');
      await expectNoA11yViolations(page);
      await shots(page, 'no-match-record');
    });
  });
}
