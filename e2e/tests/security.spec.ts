import { paths } from '@larkspur/contract';
import { openAccount } from '../support/customer';
import { expect, screenshot, test, visit } from '../support/fixtures';

/**
 * Issue 17, the security page: signed in from two browsers, the page lists both devices with "This
 * device" on its own; signing the other out sends that browser to the login page at once (its live
 * stream ends and its next request is refused), and the activity list says what happened.
 */

const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;
const SIGNED_OUT_WITHIN_MS = 15_000;

for (const width of [375, 1280] as const) {
  test.describe(`security page at ${width} px`, () => {
    // The other browser's live stream and requests are refused once it is signed out.
    test.use({ allowConsoleErrors: [/status of 401/] });

    test('lists two devices and signs the other one out; that browser goes to the login page', async ({
      page,
      browser,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const customer = await openAccount(page.request, { firstName: 'Robin', surname: 'Secure' });

      // A second browser (its own cookies) signs in through the login page.
      const other = await browser.newContext({ baseURL: baseURL(), viewport: { width, height: 900 } });
      const otherPage = await other.newPage();
      try {
        await otherPage.goto(paths.login);
        await otherPage.getByLabel('Account number').fill(customer.accountNumber);
        await otherPage.getByLabel('Password', { exact: true }).fill(customer.password);
        await otherPage.getByRole('button', { name: 'Log In' }).click();
        await expect(otherPage).toHaveURL(paths.userDashboard);

        // The customer finds the page from the navigation.
        await visit(page, paths.userDashboard);
        if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('link', { name: 'Security' }).click();
        await expect(page).toHaveURL(paths.userSecurity);
        await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

        const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
        await expect(devices).toHaveCount(2);
        await expect(devices.first()).toContainText('This device');
        await expect(devices.nth(1)).not.toContainText('This device');
        await expect(devices.nth(1)).toContainText('Local network');
        const activity = page.getByRole('list', { name: 'Security activity, newest first' });
        await expect(activity).toContainText('Signed in');
        await expect(activity).toContainText('Account opened');

        await visit(page, paths.userSecurity);
        await screenshot(page, 'security-light');
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.reload();
        await expect(devices).toHaveCount(2);
        await screenshot(page, 'security-dark');
        await page.emulateMedia({ colorScheme: 'light' });

        // Sign the other browser out, after a confirmation.
        await devices
          .nth(1)
          .getByRole('button', { name: /^Sign out / })
          .click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText('signed out at once');
        await dialog.getByRole('button', { name: 'Sign out device' }).click();
        await expect(page.getByText(/is signed out\./)).toBeVisible();
        await expect(devices).toHaveCount(1);
        await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
        await expect(activity).toContainText('Signed out a device');

        // The other browser is sent to the login page without touching anything.
        await expect(otherPage).toHaveURL(paths.login, { timeout: SIGNED_OUT_WITHIN_MS });
        // … which says why it is there (issue 28).
        await expect(
          otherPage.locator('.Toastify').getByText(/You were signed out: your session was ended/),
        ).toBeVisible();
        const refused = await other.request.get('/api/me');
        expect(refused.status()).toBe(401);
        // This browser is still signed in.
        await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
        expect((await page.request.get('/api/me')).status()).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
}

test('the profile page links to the security page', async ({ page }) => {
  await openAccount(page.request);
  await visit(page, paths.userProfile);
  await page.getByRole('link', { name: 'Open security settings' }).click();
  await expect(page).toHaveURL(paths.userSecurity);
  await expect(page.getByRole('heading', { level: 2, name: 'Devices and sessions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent security activity' })).toBeVisible();
});
