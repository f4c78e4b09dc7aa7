import type { Page } from '@playwright/test';
import { adminTest as test, creditThroughApi, newCustomer } from '../support/admin';
import { downloadText, parseCsv } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';
import { open } from '../support/screens';

// Issue 19: the back office's CSV exports download with the page's filters and open as CSV, and
// the admin tables keep their key columns in view on a phone.

test.describe.configure({ timeout: 240_000 });

const WIDTHS = [375, 1280] as const;

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

async function downloadCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download CSV/ }).click(),
  ]);
  return { name: download.suggestedFilename(), rows: parseCsv(await downloadText(download)) };
}

// Each flow runs once, at one width; the screenshots inside it check and picture both widths
// (decision 0211: CI time). Screens that differ by width are tested at each.
for (const width of [375] as const) {
  test(`at ${width} px: the records and the audit log download as CSV with the page's filters`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { customer, userId } = await newCustomer(playwright, page.request);
    await creditThroughApi(page.request, userId, '123.45');
    const other = await newCustomer(playwright, page.request);
    await creditThroughApi(page.request, other.userId, '9.99');

    await open(page, `/admin/dashboard/transactions?account=${customer.accountNumber}`, 'Transactions');
    // At 375 px a card a record (issue 28).
    const table = page.getByRole('region', { name: 'Transaction records' });
    await expect(table.getByRole('listitem')).toHaveCount(1);
    const records = await downloadCsv(page);
    expect(records.name).toMatch(/^larkspur-records-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = records.rows;
    expect(header?.slice(0, 3)).toEqual(['Customer ID', 'Date', 'Transaction ID']);
    // Only this customer's records: the account filter went with the download.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe(userId);
    expect(rows[0]?.[5]).toBe('123.45');
    await expectNoA11yViolations(page);
    if (width === 375) await screenshotThemes(page, 'admin-exports-transactions', width);

    await open(page, `/admin/dashboard/audit?subject=${userId}&action=prefix:admin.`, 'Audit log');
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const audit = await downloadCsv(page);
    expect(audit.name).toMatch(/^larkspur-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const [auditHeader, ...entries] = audit.rows;
    expect(auditHeader?.slice(0, 6)).toEqual([
      'Date',
      'Entry',
      'Actor ID',
      'Actor name',
      'Actor role',
      'Action',
    ]);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry[7]).toBe(userId);
      expect(entry[5]).toMatch(/^admin\./);
    }
    // The record export above is itself in the log, with its filter.
    await open(page, '/admin/dashboard/audit?action=action:admin.export_records', 'Audit log');
    await expect(
      page
        .getByRole('region', { name: 'Audit log entries' })
        .getByRole('row', { name: /Records exported/ })
        .first(),
    ).toBeVisible();
    if (width === 375) await screenshotThemes(page, 'admin-exports-audit', width);
  });
}

test('at 375 px the transactions list stacks: a card a record, each value under its label (issue 28)', async ({
  page,
  playwright,
}) => {
  const { customer, userId } = await newCustomer(playwright, page.request);
  await creditThroughApi(page.request, userId, '123.45');
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, `/admin/dashboard/transactions?account=${customer.accountNumber}`, 'Transactions');
  const list = page.getByRole('region', { name: 'Transaction records' });
  // No table to scroll sideways: one card for the one record.
  await expect(list.getByRole('table')).toHaveCount(0);
  const card = list.getByRole('listitem');
  await expect(card).toHaveCount(1);
  const value = (label: string) =>
    card
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(value('Transaction')).toContainText(/^DEP/);
  await expect(value('Amount')).toContainText(/\$123\.45\s*Credit/);
  await expect(value('Customer')).toContainText(customer.accountNumber);
  await expect(value('Counterparty')).not.toBeEmpty();
  await expect(value('Date')).not.toBeEmpty();
  await expect(value('Actions').getByRole('button', { name: /^Edit / })).toBeVisible();
  // Every label and its value whole on the screen, left to right: nothing past the right edge.
  for (const label of ['Transaction', 'Amount', 'Customer', 'Counterparty', 'Date', 'Actions']) {
    await card
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .scrollIntoViewIfNeeded();
    await expect(card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeInViewport({
      ratio: 1,
    });
    await expect(value(label)).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotThemes(page, 'admin-transactions-stacked', 375);
  // From the medium breakpoint up it is the table again, with its column headers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(list.getByRole('columnheader', { name: 'Counterparty' })).toBeVisible();
});

test('at 375 px the loans table shows Status and Review without scrolling; tables scroll in their own box', async ({
  page,
  playwright,
}) => {
  const { api, customer } = await newCustomer(playwright, page.request);
  const response = await api.post('/api/loans', {
    data: {
      loanType: 'Personal Loan',
      loanAmount: '4321',
      termMonths: 24,
      purpose: 'A phone-sized review',
      annualIncome: '85000',
      employmentStatus: 'Employed',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, '/admin/dashboard/loans?status=Pending&type=Personal+Loan', 'Loans');
  const table = page.getByRole('region', { name: 'Loans' });
  const row = table.getByRole('row', { name: new RegExp(`${customer.firstName} ${customer.surname}`) });
  await expect(row.getByText('Pending')).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole('button', { name: /^Review the personal loan of/ })).toBeInViewport({
    ratio: 1,
  });
  // The page itself never scrolls sideways; the table does, inside its region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshotThemes(page, 'admin-exports-loans', 375);

  await open(page, '/admin/dashboard/users', 'Users');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await screenshotThemes(page, 'admin-exports-users', 375);
});
