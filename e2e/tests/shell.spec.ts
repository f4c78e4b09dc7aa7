import { expect, screenshot, test, visit } from '../support/fixtures';

test.describe('application shell', () => {
  test.describe('on an unknown path', () => {
    // The document itself answers 404, which Chromium reports on the console.
    test.use({ allowConsoleErrors: [/status of 404/] });
    test('an unknown path shows the not-found page, with status 404 from the server', async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'We can’t find that page' })).toBeVisible();
      await expect(page).toHaveTitle(/Page not found/);
      await visit(page, '/still/not/here');
      await screenshot(page, 'not-found');
    });
  });

  test.describe('when a route loader fails', () => {
    test.use({ allowConsoleErrors: [/503/] });
    test('the fallback titled Unexpected Application Error shows the status and its text', async ({
      page,
    }) => {
      await page.route('**/api/auth/session', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' },
          }),
        }),
      );
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
      await expect(page.getByTestId('error-summary')).toHaveText(/^503 /);
      // Production build: no stack trace on screen.
      await expect(page.locator('pre')).toHaveCount(0);
    });
  });

  test('every navigation scrolls to the top, Back and Forward included (product §2, decision 0116)', async ({
    page,
  }) => {
    await visit(page, '/legal/privacy');
    const scrollY = () => page.evaluate(() => window.scrollY);
    // A long page, scrolled well down.
    await page.mouse.wheel(0, 1500);
    await expect.poll(scrollY).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/legal\/terms$/);
    await expect.poll(scrollY).toBe(0);
    await page.mouse.wheel(0, 1200);
    await expect.poll(scrollY).toBeGreaterThan(300);
    await page.goBack();
    await expect(page).toHaveURL(/\/legal\/privacy$/);
    await expect.poll(scrollY).toBe(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/legal\/terms$/);
    await expect.poll(scrollY).toBe(0);
  });
});
