import crypto from 'node:crypto';
import {
  adminTest as test,
  creditThroughApi,
  expectAudited,
  expectBalanceMatchesRecords,
  freshRequestContext,
  newCustomer,
  uniqueWord,
} from '../support/admin';
import { expect, expectNoA11yViolations } from '../support/fixtures';
import { createCustomer } from '../support/identity';
import { open, screenshotWidths } from '../support/screens';

/** `YYYY-MM-DDTHH:MM` in local time, as a datetime-local input takes it. */
function localMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

const INSUFFICIENT_FOR_DEBIT = 'Insufficient funds for this debit.';
const ANONYMOUS_LOAN = 'Cannot approve loan for an anonymous applicant.';

// Whole journeys with an axe check and two screenshots at every step: minutes, not seconds.
test.describe.configure({ timeout: 240_000 });

test.describe('admin console: users', () => {
  test('find a customer by account number, suspend them (login refused), reactivate them', async ({
    page,
    playwright,
  }) => {
    const { customer, api, userId } = await newCustomer(playwright, page.request);
    const name = `${customer.firstName} ${customer.surname}`;

    await open(page, '/admin/dashboard/users', 'Users');
    await page.getByLabel('Search users').fill(customer.accountNumber);
    // Debounced into the URL, so the search survives a reload and the Back button.
    await expect(page).toHaveURL(new RegExp(`q=${customer.accountNumber}`));
    const table = page.getByRole('region', { name: 'Customers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('link', { name })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-users-search');

    await table.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`user=${userId}`));
    await expect(page.getByText('•••-••-6789')).toBeVisible();
    await expect(page.getByText('123-45-6789')).toHaveCount(0);
    await expect(page.getByTestId('user-balance')).toHaveText('$0.00');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-user-file');

    // Suspend: a reason, then a confirmation that names the consequence.
    await page.getByRole('combobox', { name: 'New status' }).selectOption('suspended');
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect(page.getByLabel('Reason for the status change')).toHaveAccessibleDescription(
      /Give a reason/,
    );
    await page.getByLabel('Reason for the status change').fill('Card reported stolen by the customer');
    await page.getByRole('button', { name: 'Change status' }).click();
    const confirm = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await expect(confirm).toContainText('signed out everywhere');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-user-suspend-confirm');
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${name} is now suspended.`)).toBeVisible();
    await expect(page.getByTestId('user-status')).toHaveText('Suspended');

    // The customer's open session ended with the change, and a new login is refused.
    expect((await api.get('/api/me')).status()).toBe(401);
    const refused = await api.post('/api/auth/login', {
      data: { accountNumber: customer.accountNumber, password: customer.password },
    });
    // product §8: the generic answer; the customer is told why by email (decision 0121).
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('LOGIN_FAILED');

    await page.getByRole('combobox', { name: 'New status' }).selectOption('active');
    await page.getByLabel('Reason for the status change').fill('Customer identity confirmed at the branch');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page
      .getByRole('dialog', { name: `Reactivate ${name}?` })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(page.getByTestId('user-status')).toHaveText('Active');
    const allowed = await api.post('/api/auth/login', {
      data: { accountNumber: customer.accountNumber, password: customer.password },
    });
    expect(allowed.status(), await allowed.text()).toBe(200);

    // The profile edit is checked by the sign-up rules and needs its own reason.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Phone').fill('12');
    await page.getByLabel('Daily account limit (USD)').fill('75000');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
      'Enter a phone number with at least 7 digits',
    );
    await page.getByLabel('Phone').fill('+1 415 555 0199');
    await page.getByLabel('Reason for the change').fill('Customer asked for a higher limit');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('+1 415 555 0199');

    await expectAudited(page, userId, ['Customer updated']);
    const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
    await expect(rows.filter({ hasText: 'Card reported stolen by the customer' })).toContainText(
      'active → suspended',
    );
    await expect(rows.filter({ hasText: 'Customer asked for a higher limit' })).toContainText('accountLimit');
    await expect(
      page
        .getByRole('region', { name: 'Audit log entries' })
        .getByRole('rowheader', { name: /Customer login/ })
        .first(),
    ).toBeVisible();
    await screenshotWidths(page, 'admin-audit-subject');
    await api.dispose();
  });

  test('credit and debit a customer with a confirmation showing the balance after', async ({
    page,
    playwright,
  }) => {
    const { api, userId } = await newCustomer(playwright, page.request);
    await open(page, `/admin/dashboard/users?user=${userId}`, /Robin/);
    const balance = page.getByTestId('user-balance');
    await expect(balance).toHaveText('$0.00');

    await page.getByLabel('Amount (USD)').fill('250');
    await page.getByLabel('Reason', { exact: true }).fill('Cash deposited at the Market Street branch');
    await page.getByRole('button', { name: 'Review credit' }).click();
    const credit = page.getByRole('dialog', { name: 'Confirm credit' });
    await expect(credit.getByText('Balance after').locator('xpath=following-sibling::dd')).toHaveText(
      '$250.00',
    );
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-credit-confirm');
    await credit.getByRole('button', { name: 'Credit $250.00' }).click();
    await expect(credit).toHaveCount(0);
    await expect(page.getByText(/Credited \$250\.00 to .*\. New balance \$250\.00\./)).toBeVisible();
    await expect(balance).toHaveText('$250.00');

    await page.getByRole('radio', { name: 'Debit (withdrawal)' }).check();
    await page.getByLabel('Amount (USD)').fill('100.25');
    await page.getByLabel('Reason', { exact: true }).fill('Cash withdrawn at the counter');
    await page.getByRole('button', { name: 'Review debit' }).click();
    const debit = page.getByRole('dialog', { name: 'Confirm debit' });
    await expect(debit.getByText('Balance after').locator('xpath=following-sibling::dd')).toHaveText(
      '$149.75',
    );
    await debit.getByRole('button', { name: 'Debit $100.25' }).click();
    await expect(balance).toHaveText('$149.75');

    // More than the balance: the spec's message, before and without any request…
    await page.getByLabel('Amount (USD)').fill('1000');
    await page.getByLabel('Reason', { exact: true }).fill('Attempted overdraft');
    await page.getByRole('button', { name: 'Review debit' }).click();
    await expect(page.getByLabel('Amount (USD)')).toHaveAccessibleDescription(INSUFFICIENT_FOR_DEBIT);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshotWidths(page, 'admin-debit-insufficient');
    // …and the server's answer, word for word, for a client that skips the check.
    const forced = await page.request.post(`/api/admin/users/${userId}/debit`, {
      data: { amount: '1000', reason: 'Attempted overdraft' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(forced.status()).toBe(422);
    expect(((await forced.json()) as { error: { message: string } }).error.message).toBe(
      INSUFFICIENT_FOR_DEBIT,
    );

    // The customer sees the same balance, and the records add up to it.
    const me = (await (await api.get('/api/me')).json()) as { balance: string };
    expect(me.balance).toBe('149.75');
    expect(await expectBalanceMatchesRecords(page.request, userId)).toBe('149.75');

    await expectAudited(page, userId, ['Credit (deposit helper)', 'Debit (withdrawal helper)']);
    await api.dispose();
  });
});

test.describe('admin console: transactions', () => {
  test('edit a record up and down: the owner’s balance follows, the history keeps both', async ({
    page,
    playwright,
  }) => {
    const { customer, api, userId } = await newCustomer(playwright, page.request);
    await creditThroughApi(page.request, userId, '100.00');

    await open(page, `/admin/dashboard/transactions?account=${customer.accountNumber}`, 'Transactions');
    const table = page.getByRole('region', { name: 'Transaction records' });
    await expect(table.getByRole('row')).toHaveCount(2);
    // Each row's buttons are named after its transaction id ("Edit DEP…").
    const editLabel = await table
      .getByRole('button', { name: /^Edit / })
      .first()
      .getAttribute('aria-label');
    const recordId = editLabel?.replace(/^Edit /, '') ?? '';
    expect(recordId).toMatch(/^DEP/);
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-transactions');

    // Up: 100.00 → 150.00, the preview shows the balance before anything is sent.
    await table.getByRole('button', { name: `Edit ${recordId}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit record ${recordId}` });
    await edit.getByLabel('Amount (USD)').fill('150');
    await expect(edit).toContainText('balance: $100.00 → $150.00');
    await edit.getByRole('button', { name: 'Review change' }).click();
    await expect(edit.getByLabel('Reason')).toHaveAccessibleDescription(/Give a reason/);
    await edit.getByLabel('Reason').fill('Teller keyed the deposit short');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-edit-record');
    await edit.getByRole('button', { name: 'Review change' }).click();
    await expect(edit.getByText('Balance after').locator('xpath=following-sibling::dd')).toHaveText(
      '$150.00',
    );
    await screenshotWidths(page, 'admin-edit-record-review');
    await edit.getByRole('button', { name: 'Save change' }).click();
    await expect(page.getByText(`${recordId} updated.`)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(recordId) })).toContainText('$150.00');
    expect(await expectBalanceMatchesRecords(page.request, userId)).toBe('150.00');

    // Down: 150.00 → 40.00, and a new date and time.
    await table.getByRole('button', { name: `Edit ${recordId}` }).click();
    await edit.getByLabel('Amount (USD)').fill('40');
    await expect(edit).toContainText('balance: $150.00 → $40.00');
    // A date inside the account's life (issue 13 point 11: not before it opened, not more than a
    // few minutes ahead): the next whole minute but one, in the browser's local time.
    await edit.getByLabel('Date and time').fill(localMinute(Date.now() + 2 * 60_000));
    await edit.getByLabel('Reason').fill('Deposit was a partial check; date corrected');
    await edit.getByRole('button', { name: 'Review change' }).click();
    await edit.getByRole('button', { name: 'Save change' }).click();
    await expect(edit).toHaveCount(0);
    expect(await expectBalanceMatchesRecords(page.request, userId)).toBe('40.00');
    expect(((await (await api.get('/api/me')).json()) as { balance: string }).balance).toBe('40.00');

    // A negative amount is refused before sending, with the spec's message.
    await creditThroughApi(page.request, userId, '5.00');
    await page.reload();
    await table.getByRole('button', { name: `Edit ${recordId}` }).click();
    await expect(edit).toContainText('balance: $45.00');
    await edit.getByLabel('Amount (USD)').fill('-1');
    await edit.getByLabel('Reason').fill('Trying a negative amount');
    await edit.getByRole('button', { name: 'Review change' }).click();
    await expect(edit.getByLabel('Amount (USD)')).toHaveAccessibleDescription(/Invalid new amount\./);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await table.getByRole('button', { name: `History of ${recordId}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${recordId}` });
    const changes = history.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText('Deposit was a partial check; date corrected');
    await expect(changes.first()).toContainText('$150.00 → $40.00');
    await expect(changes.nth(1)).toContainText('$100.00 → $150.00');
    await expect(changes.first()).toContainText('by you');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-record-history');
    await history.getByRole('button', { name: 'Close' }).click();

    const recordUuid = (await (
      await page.request.get(`/api/admin/transactions?userId=${userId}&q=${recordId}`)
    ).json()) as { items: { id: string }[] };
    await expectAudited(page, recordUuid.items[0]?.id ?? '', ['Record edited']);
    await api.dispose();
  });

  test('create a record for a customer', async ({ page, playwright }) => {
    const { customer, api, userId } = await newCustomer(playwright, page.request);
    await creditThroughApi(page.request, userId, '80.00');
    await open(page, '/admin/dashboard/transactions', 'Transactions');
    await page.getByRole('button', { name: 'New record' }).click();
    const dialog = page.getByRole('dialog', { name: 'New record' });
    await dialog.getByLabel('Customer account number').fill(customer.accountNumber);
    await expect(dialog).toContainText('balance $80.00');
    await dialog.getByRole('radio', { name: 'Debit (money out)' }).check();
    await dialog.getByLabel('Amount (USD)').fill('12.34');
    await dialog.getByLabel('To (counterparty name)').fill('Bay Area Power & Light');
    await dialog.getByLabel('Purpose (optional)').fill('Electricity bill');
    await dialog.getByLabel('Reason').fill('Direct debit the customer authorised by phone');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-new-record');
    await dialog.getByRole('button', { name: 'Review record' }).click();
    await expect(dialog.getByText('Balance after').locator('xpath=following-sibling::dd')).toHaveText(
      '$67.66',
    );
    await dialog.getByRole('button', { name: 'Create record of $12.34' }).click();
    await expect(page.getByText(/Record WDL\S+ created\./)).toBeVisible();
    expect(await expectBalanceMatchesRecords(page.request, userId)).toBe('67.66');

    await page.goto(`/admin/dashboard/transactions?account=${customer.accountNumber}&q=Power`);
    const row = page.getByRole('region', { name: 'Transaction records' }).getByRole('row').nth(1);
    await expect(row).toContainText('Bay Area Power & Light');
    await expect(row).toContainText('$12.34');
    await api.dispose();
  });
});

test.describe('admin console: loans', () => {
  test('approve an application (the customer is paid), refuse to approve an inquiry, reject another', async ({
    page,
    playwright,
  }) => {
    const { api, userId, customer } = await newCustomer(playwright, page.request);
    const name = `${customer.firstName} ${customer.surname}`;
    const apply = async (amount: string, purpose: string) => {
      const response = await api.post('/api/loans', {
        data: {
          loanType: 'Personal Loan',
          loanAmount: amount,
          termMonths: 36,
          purpose,
          annualIncome: '85000',
          employmentStatus: 'Employed',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const approvedId = await apply('5000', 'Kitchen renovation');
    const rejectedId = await apply('7000', 'Holiday');
    const visitor = await freshRequestContext(playwright);
    const visitorName = `Vera ${uniqueWord('Visitor')}`;
    const inquiry = await visitor.post('/api/loan-inquiries', {
      data: {
        name: visitorName,
        email: `${uniqueWord('vera')}@example.com`,
        phone: '+1 415 555 0123',
        loanType: 'Auto Loan',
        amount: '20000',
      },
    });
    expect(inquiry.status(), await inquiry.text()).toBe(201);
    const inquiryId = ((await inquiry.json()) as { id: string }).id;

    await open(page, '/admin/dashboard/loans?status=Pending', 'Loans');
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-loans');
    const table = page.getByRole('region', { name: 'Loans' });

    // Approve: the confirmation names the amount to be credited.
    await table
      .getByRole('row', { name: /Kitchen|5,000/ })
      .filter({ hasText: name })
      .getByRole('button', { name: /^Review/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Personal Loan · ${name}` });
    await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText(
      'Submitted as Pending',
    );
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-loan-details');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog.getByText('Amount to be credited').locator('xpath=following-sibling::dd')).toHaveText(
      '$5,000.00',
    );
    await screenshotWidths(page, 'admin-loan-approve');
    await dialog.getByRole('button', { name: 'Approve and credit $5,000.00' }).click();
    await expect(
      page.getByText(new RegExp(`Loan approved\\. \\$5,000\\.00 credited to ${name}`)),
    ).toBeVisible();

    const me = (await (await api.get('/api/me')).json()) as { balance: string };
    expect(me.balance).toBe('5000.00');
    const own = (await (await api.get('/api/me/transactions')).json()) as {
      items: { transactionId: string; amount: string }[];
    };
    expect(own.items.find((r) => r.transactionId.startsWith('LOAN'))?.amount).toBe('5000.00');
    expect(await expectBalanceMatchesRecords(page.request, userId)).toBe('5000.00');

    // A visitor inquiry has nobody to pay: Approve is disabled, and says why in the server's words.
    await page.goto('/admin/dashboard/loans?source=inquiry');
    await page
      .getByRole('region', { name: 'Loans' })
      .getByRole('button', { name: `Review the auto loan of ${visitorName}` })
      .click();
    const inquiryDialog = page.getByRole('dialog', { name: `Auto Loan · ${visitorName}` });
    const approve = inquiryDialog.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(ANONYMOUS_LOAN);
    await expect(inquiryDialog.getByText(ANONYMOUS_LOAN)).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-loan-inquiry');
    await inquiryDialog.getByRole('button', { name: 'Close' }).click();
    const forced = await page.request.post(`/api/admin/loans/${inquiryId}/approve`, { data: {} });
    expect(forced.status()).toBe(422);
    expect(((await forced.json()) as { error: { message: string } }).error.message).toBe(ANONYMOUS_LOAN);

    // Reject the other application, with a reason that lands in its history.
    await page.goto(`/admin/dashboard/loans?status=Pending&type=Personal+Loan`);
    await page
      .getByRole('region', { name: 'Loans' })
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: /^Review/ })
      .click();
    const second = page.getByRole('dialog', { name: `Personal Loan · ${name}` });
    await expect(second).toContainText('$7,000.00');
    await second.getByRole('button', { name: 'Set status' }).click();
    await second.getByLabel('New status').selectOption('Rejected');
    await second.getByLabel('Reason').fill('Debt-to-income ratio above policy');
    await screenshotWidths(page, 'admin-loan-reject');
    await second.getByRole('button', { name: 'Set to Rejected' }).click();
    await expect(page.getByText(`Loan of ${name} is now Rejected.`)).toBeVisible();
    await expect(second.getByRole('region', { name: 'Status history' })).toContainText('Pending → Rejected');
    await expect(second.getByRole('region', { name: 'Status history' })).toContainText(
      'Reason: Debt-to-income ratio above policy',
    );
    await second.getByRole('button', { name: 'Close' }).click();

    await expectAudited(page, approvedId, ['Loan approved']);
    await expectAudited(page, rejectedId, ['Loan status set']);
    await visitor.dispose();
    await api.dispose();
  });
});

test.describe('admin console: overview and audit log', () => {
  test('the overview shows the KPIs, a chart with its table, and the latest admin actions', async ({
    page,
    playwright,
  }) => {
    const { userId, api } = await newCustomer(playwright, page.request);
    await creditThroughApi(page.request, userId, '42.00');
    await open(page, '/admin/dashboard', 'Overview');
    await expect(page.getByText('Customer balances held')).toBeVisible();
    await expect(page.getByTestId('volume-chart')).toBeVisible();
    const volume = page.getByRole('table', { name: 'Figures by record type' });
    await expect(volume.getByRole('rowheader', { name: 'Deposit' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest admin actions' })).toContainText(
      'Credit (deposit helper)',
    );
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-overview-kpis');

    // Every screen is in the navigation and reachable by keyboard.
    const nav = page.getByRole('navigation', { name: 'Admin console' });
    for (const [label, heading] of [
      ['Users', 'Users'],
      ['Transactions', 'Transactions'],
      ['Loans', 'Loans'],
      ['Check holds', 'Check holds'],
      ['FX rates', 'FX rates'],
      ['Audit log', 'Audit log'],
    ] as const) {
      await nav.getByRole('link', { name: label }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    }
    await expectNoA11yViolations(page);
    await screenshotWidths(page, 'admin-audit');

    // Filter by action.
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Credit (deposit helper)' });
    await expect(page).toHaveURL(/action=action%3Aadmin\.credit/);
    const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('rowheader');
    await expect(rows.first()).toContainText('Credit (deposit helper)');
    await api.dispose();
  });
});

test.describe('admin console: access', () => {
  // Not the admin: a fresh context, in which a customer signs up.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a customer is refused every admin page and endpoint', async ({ page }) => {
    await createCustomer(page.request, { surname: uniqueWord('Nosy') });
    for (const path of [
      '/admin/dashboard',
      '/admin/dashboard/users',
      '/admin/dashboard/transactions',
      '/admin/dashboard/loans',
      '/admin/dashboard/audit',
      '/admin/dashboard/holds',
      '/admin/dashboard/fx-rates',
    ]) {
      await page.goto(path);
      // The guard sends them to /admin/login, a guest-only page, which sends a customer home.
      await expect(page, path).toHaveURL('/user/dashboard');
    }
    const id = crypto.randomUUID();
    const calls: [string, string][] = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${id}`],
      ['PATCH', `/api/admin/users/${id}`],
      ['POST', `/api/admin/users/${id}/credit`],
      ['POST', `/api/admin/users/${id}/debit`],
      ['GET', '/api/admin/transactions'],
      ['POST', '/api/admin/transactions'],
      ['PATCH', `/api/admin/transactions/${id}`],
      ['GET', `/api/admin/transactions/${id}/history`],
      ['GET', '/api/admin/loans'],
      ['GET', `/api/admin/loans/${id}`],
      ['PATCH', `/api/admin/loans/${id}`],
      ['POST', `/api/admin/loans/${id}/approve`],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/holds'],
      ['POST', `/api/admin/holds/${id}/release`],
      ['POST', `/api/admin/holds/${id}/return`],
      ['GET', `/api/admin/holds/${id}/images/front`],
      ['GET', `/api/admin/holds/${id}/images/back`],
      ['GET', '/api/admin/fx-rates'],
      ['PUT', '/api/admin/fx-rates/EUR'],
    ];
    for (const [method, url] of calls) {
      const response = await page.request.fetch(url, { method, data: method === 'GET' ? undefined : {} });
      expect(response.status(), `${method} ${url}`).toBe(403);
    }
  });
});
