import { screenshotWidths } from '../support/screens';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, visit } from '../support/fixtures';
import { createCustomer } from '../support/identity';

const CODE_SUBJECT = /^Your Larkspur Bank Verification Code: (\d{6})$/;

// The e2e server runs with EMAIL_TRANSPORT=mailbox: every email lands on /dev/mailbox.
test.describe('development mailbox', () => {
  // The email's HTML is framed without scripts: attempts to run any (axe's) are refused, loudly.
  test.use({ allowConsoleErrors: [/frame is sandboxed and the 'allow-scripts' permission is not set/] });
  test('lists a customer’s email and shows it in full, text and HTML', async ({ page }) => {
    const customer = await createCustomer(page.request, { firstName: 'Mailbox' });

    await visit(page, `/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Development mailbox.');
    const subject = page.getByRole('link', { name: CODE_SUBJECT });
    await expect(subject).toHaveCount(1);
    await screenshotWidths(page, 'mailbox-list');

    await subject.click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(CODE_SUBJECT);
    const code = CODE_SUBJECT.exec((await heading.textContent()) ?? '')?.[1] ?? 'missing';
    await expect(page.getByText(`To ${customer.email}`)).toBeVisible();
    await expect(page.locator('pre')).toContainText(code);
    await expect(page.locator('pre')).toContainText('5 minutes');
    // The HTML version renders inside a sandboxed frame and carries the same code.
    const html = page.frameLocator('iframe[title="HTML version of the email"]');
    await expect(html.locator('body')).toContainText(code);
    await screenshotWidths(page, 'mailbox-message');
    // axe cannot run inside a frame sandboxed without scripts (it waits for it forever), so the
    // message page is checked around the frame; the fixture's final check runs on the list.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .exclude('iframe')
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('link', { name: '← All messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  });
});
