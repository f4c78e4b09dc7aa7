import type { Page } from '@playwright/test';
import { adminTest as test, creditThroughApi, newCustomer } from '../support/admin';
import { transferThroughApi } from '../support/customer';
import { expect, expectNoA11yViolations, screenshot } from '../support/fixtures';

// Issue 19: the record-edit dialog names a transfer's other leg and its customer; an admin adds a case note to a customer's file and sees it, with who and when, at the
// top of the list; notes cannot be changed, so the panel offers no edit or delete.

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

for (const width of WIDTHS) {
  test(`at ${width} px: an admin adds a case note and sees it in the customer's file`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { userId } = await newCustomer(playwright, page.request);
    await page.goto(`/admin/dashboard/users?user=${userId}`);
    await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Case notes' })).toBeVisible();
    await expect(page.getByText('No case notes yet.')).toBeVisible();

    const field = page.getByLabel('New case note');
    // Empty is refused with a clear message, and nothing is added.
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(field).toHaveAccessibleDescription(/Write the note before adding it\./);

    await field.fill('  Customer called about a card payment.\nExplained the hold and when it ends.  ');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Case note added.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Case notes, newest first' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('Customer called about a card payment.');
    await expect(field).toHaveValue('');

    await field.fill(`Second call (${width} px): card replaced.`);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    // Newest first.
    await expect(list.getByRole('listitem').first()).toContainText('Second call');
    await expect(list.getByRole('button')).toHaveCount(0);

    // The API agrees: two notes, by this admin, the text trimmed.
    const response = await page.request.get(`/api/admin/users/${userId}/notes`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: { text: string; authorName: string | null }[] };
    expect(items.map((n) => n.text)).toEqual([
      `Second call (${width} px): card replaced.`,
      'Customer called about a card payment.\nExplained the hold and when it ends.',
    ]);
    expect(items[0]?.authorName).toBeTruthy();

    await expectNoA11yViolations(page);
    // The toasts go away on their own; the screenshots show the panel without them.
    await expect(page.getByText('Case note added.')).toHaveCount(0, { timeout: 20_000 });
    await list.scrollIntoViewIfNeeded();
    if (width === 375) await screenshotThemes(page, 'admin-casenotes', width);
  });
}

for (const width of WIDTHS) {
  test(`at ${width} px: editing one leg of a transfer names the other leg and its customer`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const alice = await newCustomer(playwright, page.request, { firstName: 'Alice' });
    const bob = await newCustomer(playwright, page.request, { firstName: 'Bob' });
    await creditThroughApi(page.request, alice.userId, '100.00');
    await transferThroughApi(alice.api, {
      recipientAccount: bob.customer.accountNumber,
      recipientName: `Bob ${bob.customer.surname}`,
      amount: '40.00',
      purpose: 'Dinner',
    });
    const list = await page.request.get(`/api/admin/transactions?userId=${alice.userId}`);
    expect(list.status()).toBe(200);
    const records = (
      (await list.json()) as { items: { userId: string; transactionId: string; type: string }[] }
    ).items;
    const debit = records.find((r) => r.userId === alice.userId && r.type === 'Local Transfer');
    const bobsLeg = (
      (await (await page.request.get(`/api/admin/transactions?userId=${bob.userId}`)).json()) as {
        items: { transactionId: string }[];
      }
    ).items[0];
    if (!debit || !bobsLeg) throw new Error('the transfer has no two legs');

    await page.goto(`/admin/dashboard/transactions?account=${alice.customer.accountNumber}`);
    await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
    await page.getByRole('button', { name: `Edit ${debit.transactionId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit record ${debit.transactionId}` });
    const note = dialog.getByTestId('transfer-leg-note');
    await expect(note).toContainText(bobsLeg.transactionId);
    await expect(note).toContainText(`Bob ${bob.customer.surname}`);
    await expect(note).toContainText(bob.customer.accountNumber);
    await expect(note).toContainText('Both legs change together');
    await expectNoA11yViolations(page);
    await screenshotThemes(page, 'admin-edit-transfer-leg', width);
  });
}
