import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { paths, publicPagePaths } from '@larkspur/contract';
import { adminTest } from '../support/admin';
import { customerTest, fund, openAccount, transferThroughApi } from '../support/customer';
import { expect, screenshot, test } from '../support/fixtures';
import { createCustomer } from '../support/identity';

// Issue 14: no page may scroll sideways at any width from a small phone to a wide laptop. Every
// page of every area is measured at each width: one browser context per role, the viewport
// resized in place rather than the page reloaded.

const WIDTHS = [1440, 1280, 768, 375, 320] as const;
const HEIGHT = 800;
/** How long a resized page may take to lay out again before sideways scrolling counts: 3 s. */
const SETTLE_TRIES = 20;
const SETTLE_PAUSE_MS = 150;

interface Overflow {
  by: number;
  wide: string[];
}

function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .map((el) => {
        const text = (el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} “${text}”`;
      });
    return { by: document.documentElement.scrollWidth - window.innerWidth, wide: wide.slice(-4) };
  });
}

/**
 * Opens `url` and measures it at every width. Charts re-measure after a resize (ResizeObserver,
 * then a render), so each width gets up to 3 s to settle before it is judged. Returns what
 * overflowed, so one run names every page at fault.
 */
async function sweep(page: Page, url: string, signedIn = false): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await page.goto(url);
  await expect(page.getByTestId('full-screen-loader')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lists and charts that load after the heading (the signed-in areas hold a live stream open,
  // so the network never goes idle there).
  if (signedIn) await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  else await page.waitForLoadState('networkidle');
  const faults: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    let overflow = await measure(page);
    for (let tries = 0; overflow.by > 0 && tries < SETTLE_TRIES; tries += 1) {
      await page.waitForTimeout(SETTLE_PAUSE_MS);
      overflow = await measure(page);
    }
    if (width === 375 || width === 1280)
      await screenshot(page, `layout${url.split('?')[0]!.replace(/\//g, '-') || '-home'}`);
    if (overflow.by > 0)
      faults.push(`${url} at ${width} px is ${overflow.by} px too wide: ${overflow.wide.join(', ')}`);
  }
  return faults;
}

test.describe('no page scrolls sideways at 320–1440 px', () => {
  test.describe('public pages, sign-in pages, the dev mailbox and the not-found page', () => {
    // The not-found page answers 404, which Chromium reports on the console.
    test.use({ allowConsoleErrors: [/status of 404/] });
    test('as a visitor', async ({ page }) => {
      test.slow();
      const customer = await createCustomer(page.request, { firstName: 'Layout' });
      await page.context().clearCookies();
      const urls = [
        ...publicPagePaths,
        paths.login,
        paths.signup,
        paths.adminLogin,
        paths.forgotPassword,
        paths.forgotAccountNumber,
        `${paths.devMailbox}?to=${encodeURIComponent(customer.email)}`,
        '/no/such/page',
      ];
      const faults: string[] = [];
      for (const url of urls) faults.push(...(await sweep(page, url)));
      expect(faults).toEqual([]);
    });
  });

  customerTest.describe('the customer area', () => {
    // The live stream is cut when the page changes; Chromium reports the aborted request.
    customerTest.use({ allowConsoleErrors: [/api\/me\/stream/] });
    customerTest('as a customer with history', async ({ page, adminApi, playwright }) => {
      customerTest.slow();
      const me = await openAccount(page.request, {
        firstName: 'Alexandria',
        surname: 'Montgomery-Whitfield',
      });
      await fund(adminApi, me, '98765.43');
      const payeeApi = await playwright.request.newContext({
        baseURL: `http://localhost:${process.env.E2E_PORT}`,
      });
      const payee = await openAccount(payeeApi, { firstName: 'Bartholomew', surname: 'Featherstonehaugh' });
      for (const amount of ['36.60', '12345.67', '4.05']) {
        await transferThroughApi(page.request, {
          recipientAccount: payee.accountNumber,
          recipientName: 'Bartholomew Featherstonehaugh',
          amount,
          purpose: `Rent and utilities for the long winter months ${crypto.randomUUID().slice(0, 4)}`,
        });
      }
      await payeeApi.dispose();
      const urls = [
        paths.userDashboard,
        paths.userProfile,
        paths.userTransactions,
        paths.userCards,
        paths.userLoans,
        paths.userSecurity,
        paths.userSendMoney,
        paths.userDepositCheck,
        paths.userSecurity,
      ];
      const faults: string[] = [];
      for (const url of urls) faults.push(...(await sweep(page, url, true)));
      expect(faults).toEqual([]);
    });
  });

  adminTest.describe('the admin console', () => {
    adminTest('as an admin', async ({ page }) => {
      adminTest.slow();
      const urls = [
        paths.adminDashboard,
        paths.adminUsers,
        paths.adminTransactions,
        paths.adminLoans,
        paths.adminHolds,
        paths.adminAudit,
      ];
      const faults: string[] = [];
      for (const url of urls) faults.push(...(await sweep(page, url, true)));
      expect(faults).toEqual([]);
    });
  });
});
