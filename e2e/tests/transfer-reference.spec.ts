import type { Page } from '@playwright/test';
import { customerTest as test, fund, openAccountInNewBrowser, transferThroughApi } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open, SCREEN_WIDTHS } from '../support/screens';

// Issue 28 point 2 (decision 0197): the recipient of a transfer read "Deposit" with a DEP…
// reference the sender never saw. Their list and receipt now say "Transfer from <sender>" and
// quote the sender's TRF… reference; the record's own id stays on the receipt as "Record ID".

async function shots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, `${name}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of SCREEN_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the recipient sees "Transfer from" and the sender’s reference', async ({ browser, adminApi }) => {
      test.slow();
      const sender = await openAccountInNewBrowser(browser, { firstName: 'Sasha', surname: `Payer${width}` });
      await fund(adminApi, sender.customer, '200.00');
      const recipient = await openAccountInNewBrowser(browser, {
        firstName: 'Remy',
        surname: `Payee${width}`,
      });
      await transferThroughApi(sender.page.request, {
        recipientAccount: recipient.customer.accountNumber,
        recipientName: `Remy Payee${width}`,
        amount: '42.00',
        purpose: 'Concert tickets',
      });
      const sent = await sender.page.request.get('/api/me/transactions');
      const trf =
        ((await sent.json()) as { items: { transactionId: string }[] }).items[0]?.transactionId ?? '';
      expect(trf).toMatch(/^TRF/);

      const mine = recipient.page;
      await open(mine, '/user/dashboard/transactions', 'Transactions');
      // The phone's cards leave the purpose out: find the item by what it now says.
      const item = mine
        .getByRole(width >= 768 ? 'row' : 'listitem')
        .filter({ hasText: `Transfer from Sasha Payer${width}` });
      await expect(item).toBeVisible();
      await expect(item).toContainText('Transfer received');
      await expect(item).toContainText(trf);
      await expect(item).not.toContainText('Deposit');
      await expect(item).not.toContainText('DEP');
      await expectNoA11yViolations(mine);
      await shots(mine, `transfer-reference-list`);

      await item.getByRole('button', { name: `Transfer from Sasha Payer${width}` }).click();
      const dialog = mine.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Transfer from Sasha Payer${width}` })).toBeVisible();
      await expect(dialog).toContainText(trf);
      await expect(dialog).toContainText('Record ID');
      await expect(dialog).toContainText(/DEP\d+/);
      await expectNoA11yViolations(mine);
      await shots(mine, `transfer-reference-receipt`);
      await sender.context.close();
      await recipient.context.close();
    });
  });
}
