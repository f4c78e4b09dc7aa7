import type { Locator, Page } from '@playwright/test';
import { customerTest as test, fund, openAccount } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open, SCREEN_WIDTHS } from '../support/screens';

// Issue 28 item 3 (decision 0206): a wire to another US bank is real. Its routing number is checked
// by its ABA check digit, no name check runs against our own customers, and the review and the
// receipt (and the record's receipt later) say when the wire is sent (the 5:00 pm ET cut-off).

const detail = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

async function shots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoA11yViolations(page);
    await screenshot(page, `wire-${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of SCREEN_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a wire to another bank: check digit, send date on the review and the receipt', async ({
      page,
      adminApi,
    }) => {
      const sender = await openAccount(page.request, { firstName: 'Wren', surname: `Wirer${width}` });
      await fund(adminApi, sender, '100.00');
      await open(page, '/user/dashboard/send-money', 'Send money');
      await page.getByRole('radio', { name: /Wire/ }).check();
      await page.getByLabel('Recipient account number').fill('000123456789');
      await page.getByLabel('Recipient name').fill('Dana Park');
      await page.getByLabel('Bank name').fill('JPMorgan Chase');
      await page.getByLabel('Routing number', { exact: true }).fill('021000022');
      await page.getByLabel('Amount (US dollars)').fill('25.00');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(page.getByText(/the check digit does not match/)).toBeVisible();
      await page.getByLabel('Routing number', { exact: true }).fill('021000021');
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(detail(page, 'Wire sent')).toContainText('5:00 pm ET cut-off');
      await expect(detail(page, 'Bank')).toHaveText('JPMorgan Chase');
      await shots(page, 'review');
      await page.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeFocused();
      await expect(detail(page, 'Wire sent')).toContainText('5:00 pm ET cut-off');
      await shots(page, 'receipt');

      // The record's receipt in Transactions says the same day.
      await open(page, '/user/dashboard/transactions', 'Transactions');
      await page
        .getByRole('button', { name: /Dana Park/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(detail(dialog, 'Wire sent')).toContainText('2026');
      await expect(detail(dialog, 'Bank')).toHaveText('JPMorgan Chase');
      await detail(dialog, 'Wire sent').scrollIntoViewIfNeeded();
      await shots(page, 'record');
    });
  });
}
