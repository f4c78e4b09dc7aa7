/**
 * Screenshots of every screen in both themes at the two widths we look at (issue #14):
 * e2e/.artifacts/theme-screens/<screen>-<light|dark>-<375|1280>.png.
 *
 *   npm run build && npx tsx scripts/screenshots.ts [--port 4310] [--only dashboard,admin-users]
 *
 * Starts the production build on a fresh embedded database (the demo data and logins), signs in a
 * demo customer and the admin, and walks the routes with the browser's colour scheme emulated as
 * light and as dark — the theme's System default, the path a visitor takes. Not part of the test
 * suite: it takes minutes and asserts nothing; e2e/tests/theme.spec.ts holds the checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { paths, publicPagePaths } from '@larkspur/contract';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { signInAdmin } from '../e2e/support/identity';
import { startServer } from '../e2e/support/server';

const OUT_DIR = path.resolve(import.meta.dirname, '../e2e/.artifacts/theme-screens');
const WIDTHS = [375, 1280] as const;
const HEIGHT = 800;
const THEMES = ['light', 'dark'] as const;
/** Time for charts and late images to settle after the page's heading shows. */
const SETTLE_MS = 600;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const port = Number(option('--port') ?? 4310);
const only = option('--only')?.split(',');

interface Screen {
  name: string;
  url: string;
  area: 'guest' | 'customer' | 'admin';
}

const slug = (url: string) => (url === '/' ? 'home' : url.replace(/^\//, '').replaceAll('/', '-'));

const screens: Screen[] = [
  ...publicPagePaths.map((url) => ({ name: `site-${slug(url)}`, url, area: 'guest' as const })),
  { name: 'login', url: paths.login, area: 'guest' },
  { name: 'signup', url: paths.signup, area: 'guest' },
  { name: 'admin-login', url: paths.adminLogin, area: 'guest' },
  // Without the emailed link's token the page says how to get one (decision 0189).
  { name: 'staff-invitation', url: paths.staffInvitation, area: 'guest' },
  { name: 'not-found', url: '/no/such/page', area: 'guest' },
  { name: 'dashboard', url: paths.userDashboard, area: 'customer' },
  { name: 'transactions', url: paths.userTransactions, area: 'customer' },
  { name: 'send-money', url: paths.userSendMoney, area: 'customer' },
  { name: 'payees', url: paths.userPayees, area: 'customer' },
  { name: 'scheduled', url: paths.userScheduled, area: 'customer' },
  { name: 'deposit-check', url: paths.userDepositCheck, area: 'customer' },
  { name: 'cards', url: paths.userCards, area: 'customer' },
  { name: 'loans', url: paths.userLoans, area: 'customer' },
  { name: 'profile', url: paths.userProfile, area: 'customer' },
  { name: 'security', url: paths.userSecurity, area: 'customer' },
  { name: 'admin-overview', url: paths.adminDashboard, area: 'admin' },
  { name: 'admin-customers', url: paths.adminUsers, area: 'admin' },
  { name: 'admin-transactions', url: paths.adminTransactions, area: 'admin' },
  { name: 'admin-loans', url: paths.adminLoans, area: 'admin' },
  { name: 'admin-audit', url: paths.adminAudit, area: 'admin' },
  { name: 'admin-holds', url: paths.adminHolds, area: 'admin' },
  { name: 'admin-requests', url: paths.adminRequests, area: 'admin' },
  { name: 'admin-fx-rates', url: paths.adminFxRates, area: 'admin' },
  { name: 'admin-staff', url: paths.adminStaff, area: 'admin' },
  { name: 'dev-mailbox', url: paths.devMailbox, area: 'admin' },
];

function demoCustomer(dataDir: string): { accountNumber: string; password: string } {
  const text = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const block = /^Customer\b.*\n\s+login:\s+(\S+)\n\s+password:\s+(\S+)/m.exec(text);
  if (!block?.[1] || !block[2]) throw new Error('demo-credentials.txt has no customer entry');
  return { accountNumber: block[1], password: block[2] };
}

async function shoot(page: Page, screen: Screen, theme: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto(screen.url);
    await page.waitForFunction(() => !document.querySelector('[data-testid="full-screen-loader"]'));
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const file = path.join(OUT_DIR, `${screen.name}-${theme}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
  }
  // The phone menus, where the theme switch sits below the large breakpoint.
  if (['site-home', 'login', 'dashboard', 'admin-overview'].includes(screen.name)) {
    await page.setViewportSize({ width: 375, height: HEIGHT });
    await page.goto(screen.url);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: path.join(OUT_DIR, `${screen.name}-menu-${theme}-375.png`) });
  }
  // A dialog as well: the receipt of the newest movement.
  if (screen.name === 'transactions') {
    await page.setViewportSize({ width: 375, height: HEIGHT });
    await page.goto(screen.url);
    // Each movement is a button named after its counterparty ("To Tartine Bakery", "From …").
    await page
      .getByRole('button', { name: /^(To|From) / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await page.screenshot({ path: path.join(OUT_DIR, `receipt-${theme}-375.png`) });
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({ port, env: { RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1' } });
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_PORT = String(port);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const base = { baseURL: server.url };
    // One sign-in each, shared by both themes (the admin's emailed code may be sent once per 30 s).
    const customerSetup = await browser.newContext(base);
    const login = await customerSetup.request.post('/api/auth/login', { data: demoCustomer(server.dataDir) });
    if (!login.ok()) throw new Error(`customer login: ${login.status()} ${await login.text()}`);
    const customerState = await customerSetup.storageState();
    const adminSetup = await browser.newContext(base);
    await signInAdmin(adminSetup.request);
    const adminState = await adminSetup.storageState();

    for (const theme of THEMES) {
      const contexts: Record<Screen['area'], BrowserContext> = {
        guest: await browser.newContext({ ...base, colorScheme: theme }),
        customer: await browser.newContext({ ...base, colorScheme: theme, storageState: customerState }),
        admin: await browser.newContext({ ...base, colorScheme: theme, storageState: adminState }),
      };
      for (const screen of screens) {
        if (only && !only.includes(screen.name)) continue;
        const page = await contexts[screen.area].newPage();
        try {
          await shoot(page, screen, theme);
          console.log(`${theme} ${screen.name}`);
        } catch (error) {
          console.error(`${theme} ${screen.name}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      for (const context of Object.values(contexts)) await context.close();
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  console.log(`screenshots in ${path.relative(process.cwd(), OUT_DIR)}`);
}

await main();
