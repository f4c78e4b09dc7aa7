import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

/** Runs axe (WCAG 2.1 A/AA) on what the page shows now and fails on any violation. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  // Colours fade (transition-colors) after a theme or hover change: axe must judge where they end,
  // not a frame in between (a dark-theme button mid-fade failed contrast once in CI, a payee's Pay
  // button once more in a fade that began after the wait). Transitions are switched off for the
  // scan, so every colour is its final one; then the running ones are waited out.
  // A constructed style sheet: the bank's CSP (style-src 'self') refuses an inline <style>.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
    (window as unknown as { __axeNoTransitions?: CSSStyleSheet }).__axeNoTransitions = sheet;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  await page.evaluate(() => {
    const sheet = (window as unknown as { __axeNoTransitions?: CSSStyleSheet }).__axeNoTransitions;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  });
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Whether the end-to-end tests write their screenshots: yes on a developer's machine (a person
 * looks at them), not in CI, where nobody does — about 550 full-page PNGs (100 MB) rendered and
 * encoded on the same two cores as the tests. `E2E_SCREENSHOTS=1` writes them in CI too, `=0`
 * never. `npm run screenshots` is the tool for every screen in both themes.
 */
export const WRITE_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && process.env.CI !== 'true');

/** Saves a full-page screenshot for a person to look at: e2e/.artifacts/screenshots/NAME-WIDTH.png. */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  if (!WRITE_SCREENSHOTS) return null;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Goes to a URL, waits for the app to settle, and checks accessibility there. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
  await expectNoA11yViolations(page);
}

type Fixtures = {
  /** Console errors matching one of these are expected by the test (e.g. a deliberate 503). */
  allowConsoleErrors: RegExp[];
  consoleGuard: void;
};

/**
 * Every test fails on a console error or an uncaught page error it did not expect, and is checked
 * by axe on the page it ends on.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text)))
          problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      if (page.url().startsWith('http') && !page.isClosed()) await expectNoA11yViolations(page);
      expect(problems, 'unexpected errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
