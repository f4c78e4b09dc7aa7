import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { adminTest, newCustomer } from '../support/admin';
import { expect, expectNoA11yViolations, screenshot, test, visit } from '../support/fixtures';
import { createCustomer, latestMailId, readCode, signInAdmin } from '../support/identity';
import { SCREEN_WIDTHS } from '../support/screens';

/**
 * Getting back in (issue 17): forgot password from /login to a new password with the code from the
 * dev mailbox, the other browser signed out; forgot account number; the back office unlocks a
 * locked customer and sends them a reset code.
 */

const NO_COOKIES = { cookies: [], origins: [] };
const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;

/** Light and dark, at 375 and 1280 px: NAME-light-375.png … NAME-dark-1280.png, axe-checked in each theme. */
async function screenshotThemes(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoA11yViolations(page);
    for (const width of FLOW_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

interface MailboxMessage {
  id: number;
  subject: string;
  text: string;
}

async function mailTo(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  baseExpect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits until a message whose subject matches arrives (the outbox worker sends it moments after). */
async function waitForMail(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await baseExpect
    .poll(
      async () => {
        found = (await mailTo(request, email)).find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

// Each flow runs once, at one width; the screenshots inside it check and picture both widths
// (decision 0211: CI time). Screens that differ by width are tested at each.
const FLOW_WIDTHS = [1280] as const;

test.describe('forgot password', () => {
  // The wrong code is answered 400 on purpose; the browser logs that as a failed resource.
  test.use({ allowConsoleErrors: [/status of 400/] });
  for (const width of FLOW_WIDTHS) {
    test(`from /login to a new password with the emailed code; the other browser is signed out (${width} px)`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // Both themes and widths are pictured once, from the widest run.
      const shots = (name: string) =>
        width === SCREEN_WIDTHS.at(-1) ? screenshotThemes(page, name) : Promise.resolve();
      test.slow();
      // A second browser, signed in before the reset.
      const other = await browser.newContext();
      const customer = await createCustomer(other.request, { firstName: 'Riley' });
      const otherPage = await other.newPage();
      await otherPage.goto('/user/dashboard');
      await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(otherPage).toHaveURL(/\/user\/dashboard$/);

      await visit(page, '/login');
      await shots('recovery-login-links');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expect(page).toHaveTitle(/Reset your password/);
      await expectNoA11yViolations(page);
      await shots('recovery-forgot-password');

      const before = await latestMailId(page.request, customer.email);
      await page.getByLabel('Account number or email').fill(customer.accountNumber);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      // Resending waits out the server's throttle, counted down on the button.
      await expect(page.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toBeDisabled();
      const code = await readCode(page.request, customer.email, before);

      // A wrong code first: said beside the field, nothing changed.
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('6-digit code').fill(wrong);
      const newPassword = `Harbour ${Date.now().toString(36)} kettle`;
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Repeat the new password').fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(
        /That code is not correct\. Check the email and try again\./,
      );
      await shots('recovery-reset-wrong-code');

      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your password is changed' })).toBeVisible();
      await shots('recovery-reset-done');

      // The "password changed" alert is in the mailbox.
      await waitForMail(page.request, customer.email, /password was changed/i);

      // The other browser was signed out: its next page load goes to the login page.
      await otherPage.goto('/user/dashboard');
      await expect(otherPage).toHaveURL(/\/login/);
      await other.close();

      // Log in with the new password.
      await page.getByRole('link', { name: 'Log in with your new password' }).click();
      await page.getByLabel('Account number').fill(customer.accountNumber);
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/user\/dashboard$/);
    });
  }

  test('answers an unknown account number exactly like a known one', async ({ page }) => {
    await visit(page, '/forgot-password');
    await page.getByLabel('Account number or email').fill('40900000009');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('If 40900000009 belongs to an account')).toBeVisible();
  });
});

test.describe('forgot account number', () => {
  for (const width of FLOW_WIDTHS) {
    test(`from /login: the account number arrives by email; the page says the same for anyone (${width} px)`, async ({
      page,
      playwright,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const shots = (name: string) =>
        width === SCREEN_WIDTHS.at(-1) ? screenshotThemes(page, name) : Promise.resolve();
      const api = await playwright.request.newContext({
        baseURL: `http://localhost:${process.env.E2E_PORT}`,
        storageState: { cookies: [], origins: [] },
      });
      const customer = await createCustomer(api, { firstName: 'Morgan' });
      await api.dispose();

      await visit(page, '/login');
      await page.getByRole('link', { name: 'Forgot your account number?' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Find your account number' })).toBeVisible();
      await expectNoA11yViolations(page);
      await shots('recovery-forgot-account-number');
      await page.getByLabel('Email address').fill(customer.email);
      await page.getByRole('button', { name: 'Email me my account number' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      await shots('recovery-forgot-account-number-sent');
      const mail = await waitForMail(page.request, customer.email, /your account number/i);
      expect(mail.text).toContain(customer.accountNumber);
      // The welcome email had it too.
      const welcome = await waitForMail(page.request, customer.email, /^Welcome to /);
      expect(welcome.text).toContain(customer.accountNumber);
    });
  }
});

adminTest.describe('the back office helps', () => {
  for (const width of FLOW_WIDTHS) {
    adminTest(
      `an admin unlocks a locked customer and sends them a reset code, which sets a new password (${width} px)`,
      async ({ page, playwright }) => {
        adminTest.slow();
        await page.setViewportSize({ width, height: 800 });
        const { customer, api, userId } = await newCustomer(playwright, page.request, { firstName: 'Avery' });
        const login = (password: string) =>
          api.post('/api/auth/login', { data: { accountNumber: customer.accountNumber, password } });
        // Strangers' wrong passwords back the account off: even the right one is refused now.
        for (let i = 0; i < 6; i += 1) await login('not the password at all');
        expect((await login(customer.password)).status()).toBe(401);

        await page.goto(`/admin/dashboard/users?user=${userId}`);
        await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
        const panel = page
          .getByRole('region', { name: 'Sign-in and recovery' })
          .or(page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in and recovery' }) }));
        await expect(page.getByTestId('sign-in-lock')).toContainText('Sign-in is locked');
        await page.getByTestId('sign-in-lock').scrollIntoViewIfNeeded();
        await screenshotThemes(page, 'recovery-admin-locked');

        // A reason is required.
        await page.getByRole('button', { name: 'Unlock sign-in' }).click();
        await expect(page.getByLabel('Reason for helping')).toHaveAccessibleDescription(/Give a reason/);
        await page
          .getByLabel('Reason for helping')
          .fill('Customer called; verified by date of birth and address');
        await page.getByRole('button', { name: 'Unlock sign-in' }).click();
        const dialog = page.getByRole('dialog', { name: 'Unlock sign-in?' });
        await expect(dialog).toBeVisible();
        await expectNoA11yViolations(page);
        await dialog.getByRole('button', { name: 'Unlock' }).click();
        await expect(page.getByText('Sign-in unlocked.')).toBeVisible();
        await expect(page.getByTestId('sign-in-lock')).toHaveText('Sign-in is not locked.');
        // Nothing is locked now: nothing to unlock (issue 28).
        await expect(page.getByRole('button', { name: 'Unlock sign-in' })).toBeDisabled();
        expect((await login(customer.password)).status()).toBe(200);

        // A reset code to the customer's own address.
        const before = await latestMailId(api, customer.email);
        await page
          .getByLabel('Reason for helping')
          .fill('Customer forgot the password; verified on the phone');
        await page.getByRole('button', { name: 'Send password-reset code' }).click();
        const send = page.getByRole('dialog', { name: 'Send a password-reset code?' });
        await screenshotThemes(page, 'recovery-admin-reset-dialog');
        await send.getByRole('button', { name: 'Send code' }).click();
        await expect(page.getByText(`A reset code is on its way to ${customer.email}.`)).toBeVisible();
        await expect(panel.first()).toBeVisible();
        await screenshotThemes(page, 'recovery-admin-file');

        const code = await readCode(api, customer.email, before);
        const newPassword = `Lantern ${Date.now().toString(36)} orchard`;
        const reset = await api.post('/api/auth/password/reset', {
          data: { identifier: customer.email, code, newPassword, confirmPassword: newPassword },
        });
        expect(reset.status(), await reset.text()).toBe(200);
        expect((await login(customer.password)).status()).toBe(401);
        expect((await login(newPassword)).status()).toBe(200);

        await api.dispose();
      },
    );

    adminTest(
      `an email change waits for a second member of staff, then cools off; the old address stops it (${width} px)`,
      async ({ page, playwright, browser }) => {
        adminTest.slow();
        await page.setViewportSize({ width, height: 800 });
        const { customer, api, userId } = await newCustomer(playwright, page.request, { firstName: 'Rowan' });
        await page.goto(`/admin/dashboard/users?user=${userId}`);
        await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);

        // The email changes only with the code sent to the new address, read out by the customer,
        // and a second member of staff's approval (decision 0182).
        const newEmail = `moved.${Date.now().toString(36)}@example.com`;
        await page.getByLabel('New email address').fill(newEmail);
        await page.getByLabel('Reason for the email change').fill('Customer moved to a new email provider');
        await page.getByRole('button', { name: 'Send code to the new address' }).click();
        const emailCode = await readCode(api, newEmail);
        await page.getByLabel('6-digit code from the customer').fill(emailCode);
        await screenshotThemes(page, 'recovery-admin-email-code');
        await page.getByRole('button', { name: 'Confirm code and ask for approval' }).click();
        await expect(
          page.getByText(`The change to ${newEmail} now waits for a second member of staff.`),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Email change waiting for approval' })).toBeVisible();
        await expect(page.getByText('You asked for this change, so someone else')).toBeVisible();
        // The maker has no button to approve their own change.
        await expect(page.getByRole('button', { name: 'Approve email change' })).toHaveCount(0);
        await page
          .getByRole('heading', { name: 'Email change waiting for approval' })
          .scrollIntoViewIfNeeded();
        await screenshotThemes(page, 'recovery-admin-email-pending');
        const pendingMail = await waitForMail(
          api,
          customer.email,
          /change of your email address was requested/i,
        );
        expect(pendingMail.text).toMatch(/\/email-change\/stop#token=/);

        // The approver, in a browser of their own, approves it.
        const approverContext = await browser.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
        await signInAdmin(approverContext.request, 'approver');
        const checker = await approverContext.newPage();
        await checker.setViewportSize({ width, height: 800 });
        await checker.goto(`/admin/dashboard/users?user=${userId}`);
        await expect(
          checker.getByRole('heading', { name: 'Email change waiting for approval' }),
        ).toBeVisible();
        await checker
          .getByLabel('Reason for your decision')
          .fill('Called the customer back on the number on file');
        await checker.getByRole('button', { name: 'Approve email change' }).click();
        await expect(checker.getByText(`The email address is now ${newEmail}.`)).toBeVisible();
        await expect(checker.getByTestId('email-cooling-off')).toContainText(
          'no password-reset or payment code',
        );
        await checker.getByTestId('email-cooling-off').scrollIntoViewIfNeeded();
        await screenshotThemes(checker, 'recovery-admin-email-cooling');
        await approverContext.close();
        const changedMail = await waitForMail(api, customer.email, /email address was changed/i);
        const stopUrl = /(https?:\/\/\S+\/email-change\/stop#token=[A-Za-z0-9_-]+)/.exec(
          changedMail.text,
        )?.[1];
        expect(stopUrl).toBeTruthy();

        // The customer did not ask for it: the link from the old address puts it back.
        const guest = await browser.newContext({ baseURL: baseURL(), storageState: NO_COOKIES });
        const stopPage = await guest.newPage();
        await stopPage.setViewportSize({ width, height: 800 });
        const link = new URL(stopUrl ?? '');
        await stopPage.goto(`${link.pathname}${link.hash}`);
        await expect(
          stopPage.getByRole('heading', { level: 1, name: 'Stop the change of your email address' }),
        ).toBeVisible();
        await screenshotThemes(stopPage, 'email-change-stop');
        await stopPage.getByRole('button', { name: 'Stop the change' }).click();
        await expect(
          stopPage.getByRole('heading', { level: 1, name: 'The change is stopped' }),
        ).toBeVisible();
        await expect(stopPage.getByText('Your email address is your old one again')).toBeVisible();
        await screenshotThemes(stopPage, 'email-change-stopped');
        await guest.close();
        const file = await page.request.get(`/api/admin/users/${userId}`);
        expect(((await file.json()) as { profile: { email: string } }).profile.email).toBe(customer.email);
        await api.dispose();
      },
    );
  }
});
