import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  checkImages,
  customerTest as test,
  depositCheckThroughApi,
  fund,
  openAccount,
  recordsOf,
  transferThroughApi,
} from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open, SCREEN_WIDTHS } from '../support/screens';

// Issue 18 (statements): the monthly statement and a receipt downloaded as PDF and read back with
// pdftotext (Debian's poppler-utils), the running balance in the list, and the check deposit's
// photo fields on a phone (camera, previews, a file that is not an image refused before upload).

const SHOTS_DIR = process.env.SHOTS_DIR ?? '';

/** Light and dark at the current width: NAME-light-W.png, NAME-dark-W.png (and a copy in SHOTS_DIR). */
async function shots(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const file = await screenshot(page, `${name}-${colorScheme}`);
    if (SHOTS_DIR && file) {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      fs.copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The text of a downloaded PDF, as `pdftotext -layout` reads it. */
async function pdfText(download: { path(): Promise<string | null> }): Promise<string> {
  const file = await download.path();
  if (!file) throw new Error('the download has no file');
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** "$1,234.56" from the API's "1234.56". */
const usd = (amount: string) => `$${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

for (const width of SCREEN_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('statement PDF adds up, the list shows the balance after each record, a receipt downloads', async ({
      page,
      playwright,
      adminApi,
    }) => {
      test.slow();
      const me = await openAccount(page.request, { firstName: 'Robin', surname: `Ledger${width}` });
      const payeeApi = await playwright.request.newContext({
        baseURL: `http://localhost:${process.env.E2E_PORT}`,
      });
      const payee = await openAccount(payeeApi, { firstName: 'Cafe', surname: 'Owner' });
      await fund(adminApi, me, '1000.00');
      await transferThroughApi(page.request, {
        recipientAccount: payee.accountNumber,
        recipientName: 'Cafe Owner',
        amount: '120.50',
        purpose: 'Coffee beans',
      });
      await depositCheckThroughApi(page.request, { amount: '40.00', checkNumber: `5${width}` });
      await payeeApi.dispose();

      await open(page, '/user/dashboard/transactions', 'Transactions');
      // The running balance: the newest record shows the balance now; the transfer what it left.
      if (width >= 768) {
        await expect(page.getByRole('columnheader', { name: 'Balance after' })).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: 'Coffee beans' })).toContainText('$879.50');
        await expect(page.getByRole('row').filter({ hasText: 'Check Deposit' })).toContainText('$919.50');
      } else {
        await expect(page.getByRole('listitem').filter({ hasText: 'Check Deposit' })).toContainText(
          'Balance $919.50',
        );
        await expect(page.getByRole('listitem').filter({ hasText: 'Local Transfer' })).toContainText(
          'Balance $879.50',
        );
      }

      // The statement of this month, to date.
      const month = new Date().toISOString().slice(0, 7);
      const picker = page.getByLabel('Statement month');
      await expect(picker).toHaveValue(month);
      await expect(picker.locator('option')).toHaveCount(1);
      await expect(picker.locator('option')).toHaveText(/\(to date\)$/);
      await shots(page, 'statements-transactions');
      const statementLink = page.getByRole('link', { name: 'Download statement (PDF)' });
      await expect(statementLink).toHaveAttribute('href', `/api/me/statements/${month}.pdf`);
      const [statement] = await Promise.all([page.waitForEvent('download'), statementLink.click()]);
      expect(statement.suggestedFilename()).toBe(`larkspur-statement-${month}.pdf`);
      const text = await pdfText(statement);
      const lines = text.split('\n');
      const at = lines.findIndex((line) =>
        /Opening balance\s+Money in \(2\)\s+Money out \(1\)\s+Closing balance/.test(line),
      );
      expect(at, text).toBeGreaterThan(0);
      const figures = lines
        .slice(at + 1)
        .find((line) => line.trim() !== '')
        ?.match(/\$[\d,]+\.\d{2}/g);
      // Opening + in − out = closing = the balance the API holds.
      const balance = ((await (await page.request.get('/api/me')).json()) as { balance: string }).balance;
      expect(balance).toBe('919.50');
      expect(figures).toEqual(['$0.00', '$1,040.00', '$120.50', usd(balance)]);
      expect(text).toContain(`Robin Ledger${width}`);
      expect(text).toContain(me.accountNumber);
      expect(text).toMatch(/Routing number \d{9}/);
      expect(text).toContain('Page 1 of 1');
      expect(lines.find((line) => line.includes('Coffee beans'))).toMatch(/\$120\.50\s+\$879\.50$/);

      // A receipt from the detail dialog.
      const records = (await (await page.request.get('/api/me/transactions?limit=10')).json()) as {
        items: { id: string; transactionId: string; purpose: string }[];
      };
      const coffee = records.items.find((record) => record.purpose === 'Coffee beans');
      if (!coffee) throw new Error('no coffee record');
      if (width >= 768)
        await page.getByRole('row').filter({ hasText: 'Coffee beans' }).getByRole('button').click();
      else await page.getByRole('listitem').filter({ hasText: 'Local Transfer' }).getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(coffee.transactionId);
      await expectNoA11yViolations(page);
      await shots(page, 'statements-receipt-dialog');
      const receiptLink = dialog.getByRole('link', { name: 'Download receipt (PDF)' });
      const [receipt] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
      expect(receipt.suggestedFilename()).toBe(`larkspur-receipt-${coffee.transactionId}.pdf`);
      const receiptText = await pdfText(receipt);
      expect(receiptText).toContain('Transaction receipt');
      expect(receiptText).toContain(coffee.transactionId);
      expect(receiptText).toContain('−$120.50 USD');
      expect(receiptText).toMatch(/Balance after this transaction\s+\$879\.50/);

      // Someone else's receipt is not there.
      const other = await page.request.get(
        '/api/me/transactions/00000000-0000-4000-8000-000000000000/receipt.pdf',
      );
      expect(other.status()).toBe(404);
    });

    test('check photos on a phone: the camera is offered, both sides previewed, a non-image refused', async ({
      page,
      adminApi,
    }) => {
      const me = await openAccount(page.request, { firstName: 'Robin', surname: `Camera${width}` });
      await fund(adminApi, me, '10.00');
      await open(page, '/user/dashboard/deposit-check', 'Deposit check');
      const front = page.getByLabel(/Choose photo\s+for the front of the check/);
      const back = page.getByLabel(/Choose photo\s+for the back of the check/);
      for (const input of [front, back]) {
        await expect(input).toHaveAttribute('capture', 'environment');
        await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
      }

      // A PDF renamed .png: refused by its bytes, in the browser, before any upload.
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/deposits/check')) uploads.push(request.url());
      });
      await front.setInputFiles({
        name: 'check.png',
        mimeType: 'image/png',
        buffer: Buffer.from('%PDF-1.7 not a photo'),
      });
      await expect(
        page.getByText('This file is not a JPEG or PNG image. Choose another photo.'),
      ).toBeVisible();
      await expect(front).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations(page);
      await shots(page, 'statements-deposit-refused');

      const images = await checkImages({ checkNumber: `7${width}`, amount: '25.00' });
      await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: images.front });
      await back.setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: images.back });
      await expect(page.getByRole('img', { name: 'Front of the check, as you chose it' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Back of the check, as you chose it' })).toBeVisible();
      await expect(page.getByText('This file is not a JPEG or PNG image. Choose another photo.')).toHaveCount(
        0,
      );
      await expectNoA11yViolations(page);
      await shots(page, 'statements-deposit-previews');
      expect(uploads).toEqual([]);
    });
  });
}

test.describe('the transaction sheet on a phone (issue 28)', () => {
  // A small phone: 375 px wide, the height of an iPhone SE's browser window.
  test.use({ viewport: { width: 375, height: 667 } });

  test('its download button is in view as it opens, with nothing to scroll sideways', async ({
    page,
    adminApi,
  }) => {
    const me = await openAccount(page.request, { firstName: 'Robin', surname: 'Sheet' });
    await fund(adminApi, me, '100.00');
    const [record] = await recordsOf(page.request);
    await open(page, `/user/dashboard/transactions?id=${record?.id ?? ''}`, 'Transactions');
    const dialog = page.getByRole('dialog');
    const download = dialog.getByRole('link', { name: 'Download receipt (PDF)' });
    await expect(download).toBeInViewport({ ratio: 1 });
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page);
    await shots(page, 'statements-receipt-sheet-phone');
  });
});
