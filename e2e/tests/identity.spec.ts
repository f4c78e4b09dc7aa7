import { expect, expectNoA11yViolations, test, visit } from '../support/fixtures';
import {
  adminCredentials,
  createCustomer,
  latestMailId,
  newApplicant,
  readCode,
  waitForAdminCodeSlot,
} from '../support/identity';
import { open, screenshotWidths } from '../support/screens';

const LOGIN_FAILED = 'Failed to log in. Please check your credentials.';
const ACCOUNT_NUMBER = /^409\d{8}$/;

test.describe('sign-up', () => {
  // The form's "Send a new code", pressed at once, meets the server's resend throttle (429).
  test.use({ allowConsoleErrors: [/status of 429/], permissions: ['clipboard-read', 'clipboard-write'] });

  test('sign up with the emailed code, copy the account number, log out, log in with it', async ({
    page,
    request,
  }) => {
    // The whole journey, with an axe check and two screenshots at every step.
    test.slow();
    const applicant = newApplicant({ firstName: 'Robin', surname: 'Signup' });
    await visit(page, '/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Open your account' })).toBeVisible();
    await expect(page).toHaveTitle(/Open an account/);

    // Errors appear beside a field once it is left, named by aria-describedby.
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name');
    await expect(page.getByLabel('Marital status')).toHaveAccessibleDescription('Choose your marital status');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'signup-errors');

    await page.getByLabel('First name').fill(applicant.firstName);
    await page.getByLabel('Surname').fill(applicant.surname);
    await page.getByLabel('Marital status').selectOption(applicant.maritalStatus);
    await page.getByLabel('Occupation').fill(applicant.occupation);
    await email.fill(applicant.email);
    await page.getByLabel('Phone').fill(applicant.phone);
    await page.getByLabel('Country').fill(applicant.country);
    await page.getByLabel('Address').fill(applicant.address);
    await page.getByLabel('ZIP code').fill(applicant.zipCode);
    await page.getByLabel('Date of birth').fill(applicant.dob);
    // Typed as digits, formatted as ###-##-####, masked until shown.
    const ssn = page.getByLabel('Social Security number');
    await ssn.fill(applicant.ssn.replaceAll('-', ''));
    await expect(ssn).toHaveValue(applicant.ssn);
    await page.getByLabel('Password', { exact: true }).fill(applicant.password);
    await page.getByLabel('Confirm password').fill(applicant.password);
    await expect(email).not.toHaveAttribute('aria-invalid');
    await screenshotWidths(page, 'signup-details');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`valid for 5 minutes`)).toBeVisible();
    const code = page.getByLabel('6-digit code');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');

    // Too soon for another code: the server's throttle message, in the form, saying how long (issue #14).
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /^Too many requests\. Please wait \d+ seconds? and try again\.$/,
    );
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'signup-code');

    await code.fill(await readCode(request, applicant.email));
    await page.getByRole('button', { name: 'Verify and open my account' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome to Larkspur Bank, ${applicant.firstName}` }),
    ).toBeVisible();
    const accountNumber = (await page.getByTestId('new-account-number').textContent()) ?? '';
    expect(accountNumber).toMatch(ACCOUNT_NUMBER);
    await expect(page.getByText('This number is your login ID.')).toBeVisible();

    await page.getByRole('button', { name: 'Copy account number' }).click();
    await expect(page.getByText('Account number copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'signup-done');

    // Signed in already: on to the dashboard.
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL('/user/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Robin$/ }),
    ).toBeVisible();
    await expect(page.getByTestId('account-number')).toHaveText(accountNumber);
    // Scoped: the overview also shows this month's money in and out ($0.00 each).
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText('$0.00');
    await expect(page.getByText('$50,000.00')).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'customer-overview');

    // Log out from the phone menu.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Online banking' })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'customer-menu-open');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    // The home page says what happened (issue 28).
    await expect(page.locator('.Toastify').getByText('You have logged out.')).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // And back in with the account number.
    await visit(page, '/login');
    await page.getByLabel('Account number').fill(accountNumber);
    await page.getByLabel('Password', { exact: true }).fill(applicant.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/user/dashboard');
    await expect(page.getByTestId('account-number')).toHaveText(accountNumber);
  });
});

test.describe('login', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('an email instead of the account number fails with the generic message', async ({ page, request }) => {
    const customer = await createCustomer(request);
    await visit(page, '/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to your account' })).toBeVisible();
    await expect(page.getByLabel('Account number')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await expect(page.getByRole('link', { name: 'Open an account' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Admin sign-in' })).toHaveAttribute('href', '/admin/login');
    await screenshotWidths(page, 'login');

    await page.getByLabel('Account number').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(LOGIN_FAILED);
    await expect(page).toHaveURL('/login');
    await screenshotWidths(page, 'login-error');

    // A wrong password reads exactly the same.
    await page.getByLabel('Account number').fill(customer.accountNumber);
    await page.getByLabel('Password', { exact: true }).fill(`${customer.password}!`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('the admin signs in with email, password and the emailed code', async ({ page, request }) => {
    // May first wait out the 30-second code throttle another test's admin sign-in started.
    test.slow();
    const admin = adminCredentials();
    await waitForAdminCodeSlot(request);
    await visit(page, '/admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible();
    await screenshotWidths(page, 'admin-login');

    const before = await latestMailId(request, admin.email);
    await page.getByLabel('Work email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-login-code');

    await page.getByLabel('6-digit code').fill(await readCode(request, admin.email, before));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(admin.email);
    await expect(page.getByTestId('idle-expiry')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-overview');

    // product §2 for a signed-in admin: the user area and every guest-only page lead to the console.
    for (const path of ['/user/dashboard', '/user/dashboard/profile', '/signup', '/login', '/admin/login']) {
      await page.goto(path);
      await expect(page, `${path} → /admin/dashboard`).toHaveURL('/admin/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await visit(page, '/admin/dashboard');
    await expect(page).toHaveURL('/admin/login');
  });
});

test.describe('guards', () => {
  test('a guest is sent to the matching sign-in page', async ({ page }) => {
    for (const [path, target] of [
      ['/user/dashboard', '/login'],
      ['/user/dashboard/profile', '/login'],
      ['/admin/dashboard', '/admin/login'],
    ] as const) {
      await page.goto(path);
      await expect(page, `${path} → ${target}`).toHaveURL(target);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible();
  });

  test('a customer is kept out of the guest pages and the admin console', async ({ page }) => {
    await createCustomer(page.request);
    for (const path of ['/login', '/signup', '/admin/login']) {
      await page.goto(path);
      await expect(page, `${path} → /user/dashboard`).toHaveURL('/user/dashboard');
    }
    // The admin area sends a customer to /admin/login, a guest-only page, which sends them home.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/user/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ }),
    ).toBeVisible();
  });
});

test.describe('profile', () => {
  test('shows every field, saves contact details and changes the password', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const customer = await createCustomer(page.request, { ssn: '234-56-7812', firstName: 'Priya' });
    await open(page, '/user/dashboard/profile', 'Your profile');
    const details = page.getByRole('region', { name: 'Personal and account details' });
    await expect(details).toContainText('•••-••-7812');
    await expect(details).not.toContainText('234-56');
    await expect(details).toContainText(customer.accountNumber);
    await expect(details).toContainText('June 15, 1991');
    await expect(details).toContainText('Active');
    await expect(details).toContainText('$50,000.00');
    await expect(page.getByLabel('Phone')).toHaveValue(customer.phone);
    await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await screenshotWidths(page, 'profile');

    await page.getByLabel('Phone').fill('+1 212 555 0199');
    await page.getByLabel('Marital status').selectOption('Married');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expect(page.getByText('Contact details saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save contact details' })).toBeDisabled();

    // Another device signed in as the same customer.
    const otherDevice = await playwright.request.newContext({ baseURL });
    const login = await otherDevice.post('/api/auth/login', {
      data: { accountNumber: customer.accountNumber, password: customer.password },
    });
    expect(login.status()).toBe(200);

    const newPassword = `${customer.password} renewed`;
    await page.getByLabel('Current password').fill(customer.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    // The first press asks for the extra check (decision 0185): the emailed code.
    const beforeCode = await latestMailId(page.request, customer.email);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Enter the code we emailed you.')).toBeVisible();
    await page.getByLabel('6-digit code').fill(await readCode(page.request, customer.email, beforeCode));
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Other sessions were signed out.')).toBeVisible();
    expect((await otherDevice.get('/api/me')).status()).toBe(401);
    await otherDevice.dispose();
    // This session carries on.
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('+1 212 555 0199');
    await expect(page.getByLabel('Marital status')).toHaveValue('Married');
  });

  test('a change made in another tab arrives live over the profile stream', async ({ page }) => {
    await createCustomer(page.request);
    await open(page, '/user/dashboard/profile', 'Your profile');
    const phoneHere = page.getByLabel('Phone');
    await expect(phoneHere).toHaveValue('+1 415 555 0100');

    // A second tab of the same browser (same session) edits the phone.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/user/dashboard/profile');
    await otherTab.getByLabel('Phone').fill('+1 646 555 0123');
    await otherTab.getByRole('button', { name: 'Save contact details' }).click();
    await expect(otherTab.getByText('Contact details saved.')).toBeVisible();
    await otherTab.close();

    // No reload here: the stream delivered it.
    await expect(phoneHere).toHaveValue('+1 646 555 0123');

    // And the overview follows the same cache.
    await page.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByTestId('account-number')).toHaveText(ACCOUNT_NUMBER);
  });
});

test.describe('idle timeout', () => {
  test('warns a minute before, "Stay signed in" extends the session, then signs out at the deadline', async ({
    page,
  }) => {
    await page.clock.install();
    await createCustomer(page.request);
    await open(page, '/user/dashboard', /^Good (morning|afternoon|evening)/);
    const before = (await (await page.request.get('/api/auth/session')).json()) as { idleExpiresAt: string };

    await page.clock.fastForward('14:00');
    const dialog = page.getByRole('dialog', { name: 'You will be signed out soon' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'idle-warning');

    const refreshed = page.waitForResponse('**/api/auth/session/refresh');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    const after = (await (await refreshed).json()) as { idleExpiresAt: string };
    expect(Date.parse(after.idleExpiresAt)).toBeGreaterThan(Date.parse(before.idleExpiresAt));
    await expect(dialog).toBeHidden();

    // The new deadline holds: the warning comes back only 14 minutes later; then time runs out.
    await page.clock.fastForward('13:00');
    await expect(dialog).toBeHidden();
    await page.clock.fastForward('01:00');
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('01:05');
    await expect(page).toHaveURL('/login');
    await expect(page.getByText('You were signed out after 15 minutes of inactivity.')).toBeVisible();
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
    expect(session.user).toBeNull();
  });
});
