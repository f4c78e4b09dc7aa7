import type { Browser, Page } from '@playwright/test';
import { adminTest as test, freshRequestContext, newCustomer, uniqueWord } from '../support/admin';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { activateInvitationApi, latestMailId, readCode } from '../support/identity';
import { open } from '../support/screens';

// Issue 19, staff permissions (decisions 0167–0169): an administrator adds an operator on the Staff
// page; the operator signs in, has no Staff page and no loan approval (button absent, API 403),
// and sees a customer's security activity in their file; the audit log filters by a customer's name.

test.describe.configure({ timeout: 240_000 });
// The refused self-demotion below is a 409 the browser logs; it is the point of that step.
test.use({ allowConsoleErrors: [/status of 409/] });

const WIDTHS = [375, 1280] as const;
const PASSWORD = 'operator passphrase 42';
const baseURL = () => `http://localhost:${process.env.E2E_PORT}`;

/** NAME-WIDTH.png and NAME-dark-WIDTH.png at both widths; the viewport is left at `width`. */
async function screenshotThemes(page: Page, name: string, width: number): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w, height: 800 });
      await screenshot(page, scheme === 'light' ? name : `${name}-dark`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width, height: 800 });
}

/** The console's navigation, opened from the Menu button on a phone. */
async function openNav(page: Page, width: number) {
  if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin console' });
  await expect(nav).toBeVisible();
  return nav;
}

/** Signs a staff member in through the staff sign-in page, in a browser context of their own. */
async function signInAsStaff(browser: Browser, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    storageState: { cookies: [], origins: [] },
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  const before = await latestMailId(context.request, email);
  await page.goto('/admin/login');
  // A fresh browser loads the whole app first: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await readCode(context.request, email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return page;
}

// Each flow runs once, at one width; the screenshots inside it check and picture both widths
// (decision 0211: CI time). Screens that differ by width are tested at each.
for (const width of [375] as const) {
  test(`at ${width} px: an administrator adds an operator, who cannot manage staff or approve a loan`, async ({
    page,
    playwright,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 800 });

    // A customer with a pending loan and a failed sign-in on their account.
    const { api, userId, customer } = await newCustomer(playwright, page.request);
    const applied = await api.post('/api/loans', {
      data: {
        loanType: 'Personal Loan',
        loanAmount: '6100',
        termMonths: 24,
        purpose: 'Staff permissions check',
        annualIncome: '85000',
        employmentStatus: 'Employed',
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const loanId = ((await applied.json()) as { id: string }).id;
    const stranger = await freshRequestContext(playwright);
    const failed = await stranger.post('/api/auth/login', {
      data: { accountNumber: customer.accountNumber, password: 'definitely not theirs' },
    });
    expect(failed.status()).toBe(401);

    // The administrator finds Staff in the navigation and adds an operator there.
    await open(page, '/admin/dashboard', 'Overview');
    await (await openNav(page, width)).getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expectNoA11yViolations(page);
    const first = 'Olive';
    const surname = uniqueWord('Clerk');
    const email = `${surname.toLowerCase()}@bank.example`;
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Surname').fill(surname);
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Permission set', { exact: true }).selectOption('operator');
    await expect(page.getByLabel('Permission set', { exact: true })).toHaveAccessibleDescription(
      /serves customers/,
    );
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`We emailed ${first} ${surname} an invitation link`)).toBeVisible();
    const table = page.getByRole('region', { name: 'Staff list' });
    const row = table.getByRole('row', { name: new RegExp(surname) });
    await expect(row).toContainText('Operator');
    await expect(row).toContainText('Invited');
    await expectNoA11yViolations(page);
    await expect(page.getByText(`We emailed ${first} ${surname}`)).toHaveCount(0, { timeout: 20_000 });
    if (width === 375) await screenshotThemes(page, 'staff-page', width);
    // They choose their own password from the emailed link (staff-invitation.spec.ts walks that page).
    await activateInvitationApi(page.request, email, PASSWORD);
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(surname) })).toContainText('Active');

    // The operator signs in: no Staff in the navigation, the page says why, the API refuses.
    const operator = await signInAsStaff(browser, email, width);
    try {
      const session = await operator.request.get('/api/auth/session');
      expect(((await session.json()) as { user: { staffRole: string } }).user.staffRole).toBe('operator');
      const operatorNav = await openNav(operator, width);
      await expect(operatorNav.getByRole('link', { name: 'Audit log' })).toBeVisible();
      await expect(operatorNav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
      await open(operator, '/admin/dashboard/staff', 'Staff');
      await expect(operator.getByText('Only an administrator manages staff.')).toBeVisible();
      await expect(operator.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
      expect((await operator.request.get('/api/admin/staff')).status()).toBe(403);

      // The loan: details are there, Approve and Set status are not; the API says 403 too.
      await open(operator, '/admin/dashboard/loans?status=Pending&type=Personal+Loan', 'Loans');
      const loans = operator.getByRole('region', { name: 'Loans' });
      await loans
        .getByRole('button', {
          name: `Review the personal loan of ${customer.firstName} ${customer.surname}`,
        })
        .click();
      const dialog = operator.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Set status' })).toHaveCount(0);
      await expectNoA11yViolations(operator);
      if (width === 375) await screenshotThemes(operator, 'staff-operator-loan', width);
      await dialog.getByRole('button', { name: 'Close' }).click();
      const approve = await operator.request.post(`/api/admin/loans/${loanId}/approve`, {
        data: {},
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(approve.status()).toBe(403);
      const loan = await page.request.get(`/api/admin/loans/${loanId}`);
      expect(((await loan.json()) as { status: string }).status).toBe('Pending');

      // The customer's file shows their security activity, the failed attempt included.
      await open(
        operator,
        `/admin/dashboard/users?user=${userId}`,
        `${customer.firstName} ${customer.surname}`,
      );
      await expect(operator.getByRole('heading', { name: 'Security activity' })).toBeVisible();
      const activity = operator.getByRole('list', { name: 'Security activity, newest first' });
      await expect(activity.getByRole('listitem').first()).toBeVisible();
      await expect(activity).toContainText('Failed');
      await activity.scrollIntoViewIfNeeded();
      if (width === 375) await screenshotThemes(operator, 'staff-security-activity', width);

      // Customer service is the operator's work: they add a case note to the file (issue 19).
      const note = operator.getByLabel('New case note');
      await note.fill(`Called about a failed sign-in (${width} px); advised a password reset.`);
      await operator.getByRole('button', { name: 'Add note' }).click();
      await expect(operator.getByText('Case note added.')).toBeVisible();
      const notes = operator.getByRole('list', { name: 'Case notes, newest first' });
      await expect(notes.getByRole('listitem').first()).toContainText('advised a password reset');
      await expect(notes.getByRole('listitem').first()).toContainText(`${first} ${surname}`);
      await expectNoA11yViolations(operator);
    } finally {
      await operator.context().close();
    }

    // The administrator promotes the clerk; demoting themself, the bank's last administrator, is refused.
    await open(page, '/admin/dashboard/staff', 'Staff');
    await page.getByRole('button', { name: `Change the permission set of ${first} ${surname}` }).click();
    const change = page.getByRole('dialog');
    await change.getByLabel('Permission set', { exact: true }).selectOption('approver');
    await expectNoA11yViolations(page);
    if (width === 375) await screenshotThemes(page, 'staff-change-set', width);
    await change.getByRole('button', { name: 'Save permission set' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(table.getByRole('row', { name: new RegExp(surname) })).toContainText('Approver');
    // The seeded admin is the only administrator of the e2e bank (this spec adds clerks only).
    const me = table.getByRole('row', { name: /\(you\)/ });
    await expect(me).toContainText('Administrator');
    await me.getByRole('button', { name: /Change the permission set/ }).click();
    await page.getByRole('dialog').getByLabel('Permission set', { exact: true }).selectOption('operator');
    await page.getByRole('dialog').getByRole('button', { name: 'Save permission set' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
      'The bank needs at least one active administrator',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(me).toContainText('Administrator');

    // The audit log, filtered by the customer's name: only rows about them.
    await open(page, '/admin/dashboard/audit', 'Audit log');
    await page.getByLabel('Customer or subject').fill(`${customer.firstName} ${customer.surname}`);
    await expect(page).toHaveURL(new RegExp(`subject=${customer.firstName}`));
    const audit = page.getByRole('region', { name: 'Audit log entries' });
    const subjects = audit.getByRole('button', { name: /filter by subject/ });
    await expect(subjects.first()).toBeVisible();
    for (const label of await subjects.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))) {
      expect(label).toContain(userId);
    }
    await expectNoA11yViolations(page);
    if (width === 375) await screenshotThemes(page, 'staff-audit-by-name', width);
  });
}
