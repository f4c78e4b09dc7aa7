import type { Browser, Page } from '@playwright/test';
import { adminTest as test, uniqueWord } from '../support/admin';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { latestMailId, readCode, waitForMail } from '../support/identity';
import { open } from '../support/screens';

// Issue 27, finding 4 (decision 0189): an administrator invites a staff member on the Staff page
// without ever knowing their password; the invitee opens the link from the email (in the dev
// mailbox), chooses a password under the usual rules, and signs in with the emailed code. The
// link works once; the Staff page shows "Invited" and can send a new link or withdraw it.

test.describe.configure({ timeout: 240_000 });
// A refused link answers 400, which the browser logs; that refusal is the point of the step.
test.use({ allowConsoleErrors: [/status of 400/] });

const WIDTHS = [375, 1280] as const;
const PASSWORD = 'my own staff passphrase';
const INVITATION_SUBJECT = /activate your staff account/;
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

async function invite(page: Page, first: string, surname: string, email: string) {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Surname').fill(surname);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Permission set', { exact: true }).selectOption('operator');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`We emailed ${first} ${surname} an invitation link`)).toBeVisible();
}

/** The invitee's own browser: nobody signed in. */
async function inviteeBrowser(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    storageState: { cookies: [], origins: [] },
    viewport: { width, height: 800 },
  });
  return context.newPage();
}

// Each flow runs once, at one width; the screenshots inside it check and picture both widths
// (decision 0211: CI time). Screens that differ by width are tested at each.
for (const width of [375] as const) {
  test(`at ${width} px: an invited operator activates their account from the email and signs in; the link works once`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/admin/dashboard/staff', 'Staff');
    // No password field any more: the administrator never chooses or knows it.
    await expect(page.getByLabel('First password')).toHaveCount(0);
    const first = 'Iris';
    const surname = uniqueWord('Invitee');
    const email = `${surname.toLowerCase()}@bank.example`;
    await invite(page, first, surname, email);
    const table = page.getByRole('region', { name: 'Staff list' });
    const row = table.getByRole('row', { name: new RegExp(surname) });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('link valid until');
    await expect(
      row.getByRole('button', { name: `Send ${first} ${surname} a new invitation link` }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await expect(page.getByText(`We emailed ${first} ${surname}`)).toHaveCount(0, { timeout: 20_000 });
    if (width === 375) await screenshotThemes(page, 'staff-invited', width);

    // The invitee, in a browser of their own, opens the email in the dev mailbox and its link.
    const invitee = await inviteeBrowser(browser, width);
    await waitForMail(invitee.request, email, INVITATION_SUBJECT);
    await invitee.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await invitee.getByRole('link', { name: INVITATION_SUBJECT }).first().click();
    const link = invitee.getByRole('link', { name: /\/staff-invitation#/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/staff-invitation#[A-Za-z0-9_-]{43}$/);
    await link.click();
    // The first visit loads the app: allow for a busy machine.
    await expect(invitee.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(invitee.getByText(email)).toBeVisible();
    // The token is taken off the address bar at once.
    expect(new URL(invitee.url()).hash).toBe('');
    await expectNoA11yViolations(invitee);
    if (width === 375) await screenshotThemes(invitee, 'staff-invitation-choose', width);

    // The existing password rules apply.
    await invitee.getByLabel('New password', { exact: true }).fill('short');
    await invitee.getByLabel('Repeat the new password').fill('short');
    await invitee.getByRole('button', { name: 'Activate my account' }).click();
    await expect(invitee.getByText(/at least 12/i).first()).toBeVisible();
    await invitee.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await invitee.getByLabel('Repeat the new password').fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Activate my account' }).click();
    await expect(
      invitee.getByRole('heading', { level: 1, name: 'Your staff account is active' }),
    ).toBeVisible();
    await expectNoA11yViolations(invitee);
    if (width === 375) await screenshotThemes(invitee, 'staff-invitation-done', width);

    // They sign in as staff do: email, their password, the emailed code.
    const before = await latestMailId(invitee.request, email);
    await invitee.getByRole('link', { name: 'Go to the staff sign-in' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: 'Admin sign-in' })).toBeVisible();
    await invitee.getByLabel('Work email').fill(email);
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Continue' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    await invitee.getByLabel('6-digit code').fill(await readCode(invitee.request, email, before));
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await expect(invitee.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const session = await invitee.request.get('/api/auth/session');
    expect(((await session.json()) as { user: { staffRole: string } }).user.staffRole).toBe('operator');

    // The same link again (replayed from the email): refused, in words that say what to do.
    const replay = await inviteeBrowser(browser, width);
    await replay.goto(href ?? '');
    await expect(replay.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(replay.getByText('Ask an administrator for a new one.')).toBeVisible();
    await expectNoA11yViolations(replay);
    if (width === 375) await screenshotThemes(replay, 'staff-invitation-invalid', width);

    // The administrator's list now shows them active.
    await page.reload();
    await expect(table.getByRole('row', { name: new RegExp(surname) })).toContainText('Active');
    await invitee.context().close();
    await replay.context().close();
  });
}

test('an administrator sends a new link, then withdraws it; the old and the withdrawn links are refused', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/admin/dashboard/staff', 'Staff');
  const first = 'Rex';
  const surname = uniqueWord('Resend');
  const email = `${surname.toLowerCase()}@bank.example`;
  await invite(page, first, surname, email);
  const invitee = await inviteeBrowser(browser, 1280);
  const firstMail = await waitForMail(invitee.request, email, INVITATION_SUBJECT);
  const row = page
    .getByRole('region', { name: 'Staff list' })
    .getByRole('row', { name: new RegExp(surname) });

  await row.getByRole('button', { name: `Send ${first} ${surname} a new invitation link` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send new link' }).click();
  await expect(page.getByText(`A new link is on its way to ${first} ${surname}.`)).toBeVisible();
  const mails = await (await invitee.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const links = (mails as { messages: { id: number; text: string }[] }).messages.map(
    (m) => /\/staff-invitation#[A-Za-z0-9_-]+/.exec(m.text)?.[0] ?? '',
  );
  expect(links.filter(Boolean)).toHaveLength(2);
  const [newest, oldest] = links;
  expect(firstMail).toBeGreaterThan(0);

  // The first link died when the second was sent.
  await invitee.goto(oldest ?? '');
  await expect(invitee.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();

  await row.getByRole('button', { name: `Withdraw the invitation of ${first} ${surname}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw link' }).click();
  await expect(page.getByText(`The invitation of ${first} ${surname} is withdrawn.`)).toBeVisible();
  await expect(row).toContainText('Invitation withdrawn');
  await expectNoA11yViolations(page);
  await invitee.goto(newest ?? '');
  await expect(invitee.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await invitee.context().close();
});
