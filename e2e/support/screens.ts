import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations, screenshot } from './fixtures';

/** The widths every screen is looked at: a small phone and a laptop. */
export const SCREEN_WIDTHS = [375, 1280] as const;
const SCREEN_HEIGHT = 800;

/** Saves NAME-375.png and NAME-1280.png, then puts the viewport back as it was. */
export async function screenshotWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: SCREEN_HEIGHT });
    await screenshot(page, name);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Opens a page of a signed-in area and checks it with axe. `visit()` waits for the network to go
 * idle, which never happens on pages that hold the live profile stream open.
 */
export async function open(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoA11yViolations(page);
}
