import type { Page } from '@playwright/test';
import { adminTest } from '../support/admin';
import { customerTest, fund, openAccount } from '../support/customer';
import { expect, expectNoA11yViolations, test, visit } from '../support/fixtures';
import { open } from '../support/screens';

/**
 * Dark mode (issue #14): the switch in the public header and in the signed-in user menus, the
 * choice kept across a reload and applied before the app's script runs (no flash of the wrong
 * theme), and axe clean in the dark theme on the main screens.
 */

/** What <html> said when the parser finished (before any module script, the app's, runs). */
async function recordThemeBeforeApp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { themeAtParse?: string | null; themeWhenBodyAppeared?: string | null };
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive' && !('themeAtParse' in w))
        w.themeAtParse = document.documentElement.getAttribute('data-theme');
    });
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      w.themeWhenBodyAppeared = document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function expectThemeBeforeApp(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const seen = await page.evaluate(() => {
    const w = window as unknown as { themeAtParse?: string | null; themeWhenBodyAppeared?: string | null };
    return { atParse: w.themeAtParse, whenBodyAppeared: w.themeWhenBodyAppeared };
  });
  expect(seen).toEqual({ atParse: theme, whenBodyAppeared: theme });
}

const htmlTheme = (page: Page) => page.locator('html');
const themeSwitch = (page: Page) => page.getByRole('group', { name: 'Theme' });

/** The page background really is dark: the palette follows the attribute. */
async function expectDarkBackground(page: Page): Promise<void> {
  const luminance = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'bg-white';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) return 1;
    canvas.fillStyle = colour;
    canvas.fillRect(0, 0, 1, 1);
    const [r = 255, g = 255, b = 255] = canvas.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
  expect(luminance).toBeLessThan(0.2);
}

test.describe('dark mode on the public site', () => {
  test.use({ colorScheme: 'light' });

  test('follows the system, then the header switch; the choice survives a reload with no flash', async ({
    page,
  }) => {
    await recordThemeBeforeApp(page);
    await visit(page, '/');
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'light');
    await expectThemeBeforeApp(page, 'light');

    await themeSwitch(page).getByRole('button', { name: 'Dark' }).click();
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themeSwitch(page).getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expectThemeBeforeApp(page, 'dark');
    await expectDarkBackground(page);
    await expectNoA11yViolations(page);

    // Back to System: the (light) system setting rules again, from the first paint too.
    await themeSwitch(page).getByRole('button', { name: 'System' }).click();
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expectThemeBeforeApp(page, 'light');
  });

  test('the switch is in the phone menu too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Menu' }).click();
    await themeSwitch(page).getByRole('button', { name: 'Dark' }).click();
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('dark mode from the system setting', () => {
  // The unknown path answers 404, which Chromium reports on the console.
  test.use({ colorScheme: 'dark', allowConsoleErrors: [/status of 404/] });

  test('home, login and the dev mailbox are dark and axe clean', async ({ page }) => {
    await recordThemeBeforeApp(page);
    for (const url of ['/', '/login', '/products/checking', '/no/such/page']) {
      if (url === '/no/such/page') {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoA11yViolations(page);
      } else await visit(page, url);
      await expectThemeBeforeApp(page, 'dark');
      await expectDarkBackground(page);
    }
    await visit(page, '/dev/mailbox');
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');
    const mailboxBackground = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(mailboxBackground).toBe('rgb(11, 17, 32)');
  });
});

customerTest.describe('dark mode in the customer area', () => {
  customerTest.use({ colorScheme: 'light' });
  customerTest.describe.configure({ timeout: 120_000 });

  customerTest(
    'switched in the user menu, kept across a reload; dashboard, send money, statements axe clean',
    async ({ page, adminApi }) => {
      const me = await openAccount(page.request, { firstName: 'Robin', surname: 'Dusk' });
      await fund(adminApi, me, '250.00');
      await recordThemeBeforeApp(page);
      await open(page, '/user/dashboard', /Robin/);
      await themeSwitch(page).getByRole('button', { name: 'Dark' }).click();
      await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');

      await page.reload();
      await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
      await expectThemeBeforeApp(page, 'dark');
      await expectDarkBackground(page);
      await expectNoA11yViolations(page);

      await open(page, '/user/dashboard/send-money', 'Send money');
      await open(page, '/user/dashboard/transactions', 'Transactions');
      await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');
    },
  );
});

adminTest.describe('dark mode in the admin console', () => {
  adminTest.use({ colorScheme: 'light' });

  adminTest('switched in the admin user menu, kept; overview and customers axe clean', async ({ page }) => {
    await recordThemeBeforeApp(page);
    await open(page, '/admin/dashboard', 'Overview');
    await themeSwitch(page).getByRole('button', { name: 'Dark' }).click();
    await expect(htmlTheme(page)).toHaveAttribute('data-theme', 'dark');
    await expectNoA11yViolations(page);

    await page.reload();
    await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
    await expectThemeBeforeApp(page, 'dark');
    await expectDarkBackground(page);
    await open(page, '/admin/dashboard/users', 'Users');
  });
});
