import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { errorMessage, IBAN_INVALID_CHECKSUM_MESSAGE } from '@larkspur/contract';
import { adminTest } from '../support/admin';
import { balanceOf, customerTest, fund, openAccount, recordsOf } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open } from '../support/screens';

// Issue 18: an international transfer in euros at the bank's posted rate (the rate, the foreign
// amount, the fee and the dollars shown before anything moves, and exactly those dollars debited);
// an IBAN whose check digits are wrong and a currency with no posted rate refused; an admin posts
// a rate on the FX rates page.

const WIDTHS = [375, 1280] as const;
/** Where the screenshots a person looks at are copied (light and dark, both widths). */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/work/shots/intl';

/** The value cell (`dd`) beside a label (`dt`) of a review or receipt. */
const detail = (scope: Page | Locator, label: string) =>
  scope.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** NAME-WIDTH.png and NAME-dark-WIDTH.png at both widths, copied to SHOTS_DIR; the viewport ends at `width`. */
async function screenshotThemes(page: Page, name: string, width: number): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w, height: 800 });
      const file = await screenshot(page, scheme === 'light' ? name : `${name}-dark`);
      if (file) fs.copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 800 });
}

customerTest.describe('international transfers at the posted rate', () => {
  // Confirmation of payee is not asked for an IBAN; nothing should 404 here.
  customerTest.describe.configure({ timeout: 180_000 });

  // Each flow runs once, at one width; the screenshots inside it check and picture both widths
  // (decision 0211: CI time). Screens that differ by width are tested at each.
  for (const width of [375] as const) {
    customerTest(
      `at ${width} px: euros at the posted rate, the right dollars debited`,
      async ({ page, adminApi }) => {
        await page.setViewportSize({ width, height: 800 });
        const me = await openAccount(page.request, { firstName: 'Robin', surname: 'Abroad' });
        await fund(adminApi, me, '500.00');
        // The demo seed posts EUR at 1.08 when the server starts; no test changes it.
        const rates = await page.request.get('/api/fx-rates');
        expect(rates.status()).toBe(200);
        const eur = (
          (await rates.json()) as { items: { currency: string; usdPerUnit: string; current: boolean }[] }
        ).items.find((rate) => rate.currency === 'EUR');
        expect(eur).toMatchObject({ usdPerUnit: '1.08000000', current: true });

        await open(page, '/user/dashboard/send-money', 'Send money');
        await page.getByRole('radio', { name: /International/ }).check();
        const account = page.getByLabel('IBAN or account number');
        // One digit wrong: the check digits do not match.
        await account.fill('DE88 3704 0044 0532 0130 00');
        await page.getByLabel('Recipient’s full name').fill('Lena Vogel');
        await page.getByLabel('Recipient’s bank', { exact: true }).fill('Commerzbank');
        await page.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('cobadeffxxx');
        await page.getByLabel('Country of the recipient’s bank').selectOption('DE');
        await page.getByLabel('Currency they receive').selectOption('EUR');
        await page.getByLabel('Amount in EUR (Euro)').fill('250');
        await page.getByLabel('Purpose (optional)').fill('Rent in Berlin');
        // The quote as it is typed: the posted rate, no fee, the dollars.
        await expect(page.getByText('1 EUR = 1.0800 USD')).toBeVisible();
        await expect(page.getByText('You pay').locator('xpath=following-sibling::dd[1]')).toHaveText(
          '$270.00',
        );

        await page.getByRole('button', { name: 'Review transfer' }).click();
        await expect(account).toHaveAccessibleDescription(
          new RegExp(IBAN_INVALID_CHECKSUM_MESSAGE.slice(0, 30)),
        );
        await expect(account).toBeFocused();
        await expectNoA11yViolations(page);
        if (width === 375) await screenshotThemes(page, 'intl-iban-refused', width);

        await account.fill('DE89 3704 0044 0532 0130 00');
        await page.getByRole('button', { name: 'Review transfer' }).click();
        await expect(page.getByRole('heading', { name: 'Check before you send' })).toBeVisible();
        await expect(detail(page, 'IBAN or account number')).toHaveText('DE89370400440532013000');
        await expect(detail(page, 'Country')).toHaveText('Germany');
        await expect(detail(page, 'Currency')).toHaveText('EUR (€)');
        await expect(detail(page, 'They receive')).toHaveText('€250.00');
        await expect(detail(page, 'Our rate')).toHaveText('1 EUR = 1.0800 USD');
        await expect(detail(page, 'Fee')).toHaveText('None');
        await expect(detail(page, 'You pay')).toHaveText('$270.00');
        await expect(detail(page, 'Balance after')).toHaveText('$230.00');
        await expectNoA11yViolations(page);
        if (width === 375) await screenshotThemes(page, 'intl-review', width);

        await page.getByRole('button', { name: 'Confirm and send' }).click();
        await expect(page.getByRole('heading', { name: 'Transfer complete' })).toBeVisible();
        // €250.00 × 1.08 = $270.00, and not a cent more.
        expect(await balanceOf(page.request)).toBe('230.00');
        const [record] = await recordsOf(page.request, 'direction=debit');
        expect(record).toMatchObject({
          type: 'International Transfer',
          amount: '270.00',
          recipientName: 'Lena Vogel',
        });
        await expect(detail(page, 'They receive')).toHaveText('€250.00');
        await expectNoA11yViolations(page);
        if (width === 375) await screenshotThemes(page, 'intl-receipt', width);

        // The record's receipt in Transactions shows what was converted at which rate.
        await page.getByRole('link', { name: 'See your transactions' }).click();
        await page.getByRole('button', { name: 'To Lena Vogel' }).click();
        const dialog = page.getByRole('dialog', { name: 'To Lena Vogel' });
        await expect(detail(dialog, 'Exchange rate')).toHaveText('1 EUR = 1.0800 USD');
        await expect(detail(dialog, 'Amount sent')).toHaveText('€250.00');
        await expect(detail(dialog, 'Country')).toHaveText('Germany');
        await expectNoA11yViolations(page);
        if (width === 375) await screenshotThemes(page, 'intl-record', width);
      },
    );

    customerTest(`at ${width} px: a currency with no posted rate is refused`, async ({ page, adminApi }) => {
      await page.setViewportSize({ width, height: 800 });
      const me = await openAccount(page.request);
      await fund(adminApi, me, '100.00');
      await open(page, '/user/dashboard/send-money', 'Send money');
      await page.getByRole('radio', { name: /International/ }).check();
      await page.getByLabel('IBAN or account number').fill('IS14 0159 2600 7654 5510 7303 39');
      await page.getByLabel('Recipient’s full name').fill('Jón Jónsson');
      await page.getByLabel('Recipient’s bank', { exact: true }).fill('Landsbankinn');
      await page.getByRole('textbox', { name: 'SWIFT/BIC' }).fill('NBIIISRE');
      // Another country than the codes' is flagged under the country (issue 28) …
      const country = page.getByLabel('Country of the recipient’s bank');
      await country.selectOption('NO');
      await expect(country).toHaveAccessibleDescription(
        'Check the country: the IBAN and the SWIFT/BIC are from Iceland (IS).',
      );
      // … and the flag goes when they agree.
      await country.selectOption('IS');
      await expect(country).not.toHaveAccessibleDescription(/Check the country/);
      // Nobody posts a rate for the Icelandic króna in these tests.
      const currency = page.getByLabel('Currency they receive');
      await currency.selectOption('ISK');
      await page.getByLabel('Amount in ISK (Iceland Krona)').fill('10000');
      await expect(page.getByText('Larkspur Bank has no current rate for ISK')).toBeVisible();
      await page.getByRole('button', { name: 'Review transfer' }).click();
      await expect(currency).toHaveAccessibleDescription(
        new RegExp(errorMessage('FX_RATE_UNAVAILABLE').replace(/[.,]/g, '.')),
      );
      await expect(page.getByRole('heading', { name: 'Check before you send' })).toHaveCount(0);
      expect(await balanceOf(page.request)).toBe('100.00');
      await expectNoA11yViolations(page);
      if (width === 375) await screenshotThemes(page, 'intl-no-rate', width);
    });
  }
});

adminTest.describe('the FX rates page', () => {
  adminTest.describe.configure({ timeout: 180_000 });

  for (const width of WIDTHS) {
    // A currency per width, so the two tests never change each other's rate (nor the euro's).
    const code = width === 375 ? 'NOK' : 'DKK';
    adminTest(`at ${width} px: an admin posts a rate and sees it current`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      if (width === 1280) {
        // The back office's navigation leads there.
        await page.goto('/admin/dashboard');
        await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
        await page.getByRole('link', { name: 'FX rates' }).click();
      } else {
        await page.goto('/admin/dashboard/fx-rates');
      }
      await expect(page.getByRole('heading', { level: 1, name: 'FX rates' })).toBeVisible();
      await expectNoA11yViolations(page);

      // A rate that is not one is refused beside the field.
      await page.getByLabel('Currency', { exact: true }).selectOption(code);
      const rate = page.getByLabel('US dollars for 1 unit');
      await rate.fill('1e3');
      await page.getByRole('button', { name: 'Post rate' }).click();
      await expect(rate).toHaveAccessibleDescription(/Enter the rate in US dollars/);

      const value = width === 375 ? '0.0921' : '0.1449';
      await rate.fill(value);
      await expect(page.getByText(`1 ${code} = ${value} USD`)).toBeVisible();
      await page.getByRole('button', { name: 'Post rate' }).click();
      await expect(page.locator('.Toastify').getByText(`Posted: 1 ${code} = ${value} USD.`)).toBeVisible();

      const response = await page.request.get('/api/admin/fx-rates');
      expect(response.status()).toBe(200);
      const posted = (
        (await response.json()) as {
          items: { currency: string; usdPerUnit: string; current: boolean; postedBy: string | null }[];
        }
      ).items.find((item) => item.currency === code);
      expect(posted).toMatchObject({ usdPerUnit: `${value}0000`, current: true });
      expect(posted?.postedBy).toBeTruthy();
      const row =
        width === 375
          ? page.getByRole('listitem').filter({ hasText: code })
          : page.getByRole('row').filter({ hasText: code });
      await expect(row).toContainText(value);
      await expect(row).toContainText('Current');

      await expect(page.locator('.Toastify').getByText(/Posted:/)).toHaveCount(0, { timeout: 20_000 });
      await expectNoA11yViolations(page);
      if (width === 375) await screenshotThemes(page, 'admin-fx-rates', width);
    });
  }
});
