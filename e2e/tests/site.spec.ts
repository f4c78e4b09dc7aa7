import { publicPagePaths } from '@larkspur/contract';
import { PRIVATE_SOURCE_PATTERN, recordScripts } from '../support/bundle';
import { expect, expectNoA11yViolations, screenshot, test, visit } from '../support/fixtures';
import { createCustomer } from '../support/identity';
import { shortReference } from '@larkspur/contract/references';

/** Every public route (product §2) and the one `<h1>` it must show. */
const pages: Record<string, string> = {
  '/': 'Banking that works for you',
  '/personal-banking': 'Banking for every part of your life',
  '/business-banking': 'Business banking that keeps up with you',
  '/borrow': 'Borrow with confidence',
  '/products/checking': 'Everyday Checking',
  '/products/savings': 'Savings that grow with you',
  '/products/investing': 'Investing made understandable',
  '/products/mortgage': 'A mortgage that feels like home',
  '/loans/auto': 'Auto loans that get you moving',
  '/loans/personal': 'Personal loans with one simple payment',
  '/articles/financial-foundation': 'Five habits of a strong financial foundation',
  '/articles/mortgage-market': 'What today’s mortgage market means for buyers',
  '/articles/zelle-launch': 'Send money to friends in minutes with Zelle®',
  '/support/branches': 'Find a branch',
  '/support/contact': 'Contact us',
  '/support/help': 'Help Center',
  '/legal/privacy': 'Privacy Notice',
  '/legal/terms': 'Terms of Use',
  '/legal/security': 'Security',
  '/legal/disclosures': 'Disclosures',
};

const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1280, height: 800 };
/** product §9: a new slide every 5 s. */
const SLIDE_INTERVAL_MS = 5_000;
/** product §9: toasts close after 5 s. */
const TOAST_LIFETIME_MS = 5_000;
/**
 * What the home page's JavaScript weighs, gzipped. The target was 120 KB; React, React Router and
 * TanStack Query alone are ~108 KB of it (docs/decisions/0011-first-chunk-budget.md), so this
 * guards against growth from where we are rather than asserting the target.
 */
const HOME_JS_GZIP_BUDGET_BYTES = 128 * 1024;

const slugFor = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-'));

test('the table covers exactly the public routes of the contract', () => {
  expect(Object.keys(pages).sort()).toEqual([...publicPagePaths].sort());
});

test.describe('every public page', () => {
  for (const [path, heading] of Object.entries(pages)) {
    test(`${path} has its own h1, title, description and main landmark, at 1280 and 375 px`, async ({
      page,
    }) => {
      await page.setViewportSize(LAPTOP);
      await visit(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('main#main')).toHaveCount(1);
      await expect(page).toHaveTitle(/Larkspur Bank/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      await screenshot(page, `site-${slugFor(path)}`);

      await page.setViewportSize(PHONE);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Nothing sticks out sideways on a small phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow at 375 px').toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);
      await screenshot(page, `site-${slugFor(path)}`);
    });
  }
});

test.describe('header', () => {
  const links = [
    ['Personal', '/personal-banking'],
    ['Business', '/business-banking'],
    ['Borrow', '/borrow'],
    ['Invest', '/products/investing'],
    ['Support', '/support/contact'],
  ] as const;

  test('its links and the logo reach their routes', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await visit(page, '/legal/terms');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('position', 'fixed');
    expect((await header.boundingBox())?.height).toBe(64);
    for (const [name, path] of links) {
      await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: pages[path] })).toBeVisible();
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await header.getByRole('link', { name: 'Larkspur Bank' }).click();
    await expect(page).toHaveURL('/');
    await header.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/signup');
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('at 375 px the menu opens, lists the links, closes on Escape, outside click and navigation', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await visit(page, '/products/checking');
    const header = page.getByRole('banner');
    const toggle = header.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The desktop links are not shown below the lg breakpoint.
    await expect(header.getByRole('link', { name: 'Personal' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    for (const [name] of links) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshot(page, 'site-menu-open');

    // Escape closes it and gives focus back to the toggle.
    await menu.getByRole('link', { name: 'Borrow' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // A click outside the header (below the open menu) closes it.
    await toggle.click();
    await expect(menu).toBeVisible();
    const menuBottom = (await menu.boundingBox())?.height ?? 0;
    expect(menuBottom + 64).toBeLessThan(PHONE.height - 40);
    await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
    await expect(menu).toBeHidden();

    // Following one of its links closes it.
    await toggle.click();
    await menu.getByRole('link', { name: 'Business' }).click();
    await expect(page).toHaveURL('/business-banking');
    await expect(menu).toBeHidden();
  });

  test('a signed-in person sees Log Out instead of Log In and Get Started, and can log out', async ({
    page,
  }) => {
    await createCustomer(page.request, { firstName: 'Hana', surname: 'Header' });
    await page.setViewportSize(LAPTOP);
    await visit(page, '/personal-banking');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await header.getByRole('button', { name: 'Menu' }).click();
    await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);

    await page.setViewportSize(LAPTOP);
    await header.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('footer', () => {
  const groups = {
    Products: [
      ['Checking', '/products/checking'],
      ['Savings', '/products/savings'],
      ['Investing', '/products/investing'],
      ['Mortgages', '/products/mortgage'],
    ],
    Support: [
      ['Contact Us', '/support/contact'],
      ['Help Center', '/support/help'],
      ['Find a Branch', '/support/branches'],
      ['FAQs', '/support/faqs'],
    ],
    Legal: [
      ['Privacy', '/legal/privacy'],
      ['Terms of Use', '/legal/terms'],
      ['Security', '/legal/security'],
      ['Disclosures', '/legal/disclosures'],
    ],
  } as const;

  test('shows the current year and every link reaches its route', async ({ page }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Larkspur Bank`);
    for (const [group, links] of Object.entries(groups)) {
      for (const [name, path] of links) {
        await page
          .getByRole('contentinfo')
          .getByRole('navigation', { name: group })
          .getByRole('link', { name, exact: true })
          .click();
        // FAQs names the Help Center's questions, not a second page (decision 0214).
        const landing = path === '/support/faqs' ? '/support/help#faqs' : path;
        await expect(page).toHaveURL(landing);
        await expect(
          page.getByRole('heading', { level: 1, name: pages[landing.replace(/#.*/, '')] }),
        ).toBeVisible();
      }
    }
  });

  test('FAQs is the Help Center’s questions, not the same page under a second name (issue 28)', async ({
    page,
  }) => {
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      await visit(page, '/support/faqs');
      await expect(page).toHaveURL('/support/help#faqs');
      await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
      await expect(page).toHaveTitle('Help Center | Larkspur Bank');
      // Landed at the questions themselves, their search first.
      await expect(page.locator('#faqs')).toBeInViewport();
      await expect(page.getByLabel('Search the FAQs')).toBeInViewport();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await screenshot(page, `site-faqs-${colorScheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });

  test('has named social links that open safely in a new tab', async ({ page }) => {
    await visit(page, '/');
    for (const network of ['Twitter', 'Facebook', 'LinkedIn']) {
      const link = page.getByRole('link', { name: `Larkspur Bank on ${network} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', /^https:\/\/(www\.)?[a-z]+\.com\/$/);
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link.locator('svg')).toHaveCount(1);
    }
  });

  test('a link followed from far down a long page lands at the top of the next page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await visit(page, '/legal/privacy');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('home page slideshow', () => {
  test('advances 0 → 1 → 2 → 0, one slide every 5 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const slideshow = page.getByTestId('hero-slideshow');
    await expect(slideshow).toHaveAttribute('data-slide-index', '0');
    await expect(slideshow).toHaveAttribute('data-paused', 'false');
    for (const next of ['1', '2', '0']) {
      await page.clock.runFor(SLIDE_INTERVAL_MS);
      await expect(slideshow).toHaveAttribute('data-slide-index', next);
    }
    // The first picture asked for is the first slide, at high priority.
    await expect(slideshow.locator('[data-slide="0"] img')).toHaveAttribute('fetchpriority', 'high');
  });

  test('stands still when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const slideshow = page.getByTestId('hero-slideshow');
    await expect(slideshow).toHaveAttribute('data-paused', 'true');
    await page.clock.runFor(SLIDE_INTERVAL_MS * 3);
    await expect(slideshow).toHaveAttribute('data-slide-index', '0');
    // And it never loads the other pictures.
    await expect(slideshow.locator('[data-slide]')).toHaveCount(1);
  });
});

test.describe('loan inquiry', () => {
  test('an inquiry from /loans/auto is stored, confirmed on screen and by a toast at the top right for 5 s', async ({
    page,
  }) => {
    await visit(page, '/loans/auto');
    const form = page.getByRole('region', { name: 'Talk to a loan specialist' });
    // The form loads as it comes near the screen.
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByLabel('Loan type')).toHaveValue('Auto Loan');

    // Client-side validation with the shared schema, before anything is sent.
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(form.getByText('Enter your name')).toBeVisible();
    await expect(form.getByLabel('Full name')).toBeFocused();
    await form.getByLabel('Amount you would like to borrow ($)').fill('150000.01');
    await form.getByLabel('Full name').click();
    await expect(form.getByText('Auto Loan inquiries can be from $1,000 to $150,000')).toBeVisible();

    await form.getByLabel('Full name').fill('Dana Whitfield');
    await form.getByLabel('Email').fill('dana.whitfield@example.com');
    await form.getByLabel('Phone').fill('(555) 010-2030');
    await form.getByLabel('Amount you would like to borrow ($)').fill('18500');
    // The toast's life is timed in the page, from the moment it is added to the moment it is gone:
    // timing it from the test's own polling would depend on how busy the machine is.
    await page.evaluate((text) => {
      const seen: { shown?: number; gone?: number } = {};
      (window as unknown as { toastSeen: typeof seen }).toastSeen = seen;
      const present = () =>
        [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.includes(text));
      new MutationObserver(() => {
        if (seen.shown === undefined && present()) seen.shown = performance.now();
        else if (seen.shown !== undefined && seen.gone === undefined && !present())
          seen.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, 'we received your loan inquiry');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/loan-inquiries') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Send inquiry' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const created = (await response.json()) as {
      id: string;
      status: string;
      amount: string;
      loanType: string;
    };
    expect(created).toMatchObject({ status: 'Pending', amount: '18500.00', loanType: 'Auto Loan' });

    const confirmation = page.getByTestId('loan-inquiry-confirmation');
    await expect(confirmation.getByRole('heading', { name: 'We received your inquiry' })).toBeFocused();
    await expect(confirmation).toContainText('$18,500.00');
    await expect(confirmation.getByTestId('loan-inquiry-reference')).toHaveText(shortReference(created.id));

    const toast = page.getByRole('alert').filter({ hasText: 'we received your loan inquiry' });
    await expect(toast).toBeVisible();
    // It slides and fades in; where it sits and how it reads are judged once it has arrived.
    await toast.evaluate(async (el) => {
      const card = el.closest('.Toastify__toast') ?? el;
      await Promise.all(card.getAnimations().map((animation) => animation.finished));
    });
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    const header = await page.getByRole('banner').boundingBox();
    expect(box && viewport && header).toBeTruthy();
    if (box && viewport && header) {
      // At the top, but below the header: never over its menu (issue 28).
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y).toBeLessThan(160);
      expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
      expect(box.x).toBeGreaterThan(viewport.width / 2);
    }
    await expectNoA11yViolations(page);
    await screenshot(page, 'site-loan-inquiry-sent');
    await expect(toast).toBeHidden({ timeout: TOAST_LIFETIME_MS + 5_000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { toastSeen: { gone?: number } }).toastSeen.gone))
      .toBeDefined();
    const seen = await page.evaluate(
      () => (window as unknown as { toastSeen: { shown: number; gone: number } }).toastSeen,
    );
    expect(seen.gone - seen.shown).toBeGreaterThanOrEqual(TOAST_LIFETIME_MS);
  });
});

test.describe('loan calculator', () => {
  test('computes payment, interest and the schedule, and explains bad input', async ({ page }) => {
    await visit(page, '/loans/personal');
    const calculator = page.getByRole('region', { name: 'Estimate your loan payment' });
    await calculator.getByLabel('Loan amount ($)').fill('10000');
    await calculator.getByLabel('APR (%)').fill('5');
    await calculator.getByLabel('Term (months)').fill('36');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.getByTestId('monthly-payment')).toHaveText('$299.71');
    await calculator.getByText('Amortization schedule (36 payments)').click();
    const schedule = calculator.getByRole('region', { name: 'Amortization schedule' });
    await expect(schedule.getByRole('row')).toHaveCount(1 + 36 + 1);
    await expect(schedule.getByRole('row').nth(1)).toContainText('$299.71$258.04$41.67$9,741.96');

    await calculator.getByLabel('APR (%)').fill('7%');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.getByLabel('APR (%)')).toHaveAttribute('aria-invalid', 'true');
    await expect(calculator.getByLabel('APR (%)')).toBeFocused();
    await expect(calculator.getByText(/Enter an APR from 0 to 50/)).toBeVisible();
  });
});

test.describe('what the public site downloads', () => {
  test('the home page JavaScript stays within its gzip budget', async ({ page }) => {
    const scripts = recordScripts(page);
    await visit(page, '/');
    const downloaded = scripts();
    const total = downloaded.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(`home page JavaScript: ${downloaded.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(HOME_JS_GZIP_BUDGET_BYTES);
  });

  test('no public page downloads customer-area or admin code', async ({ page }) => {
    test.slow();
    const scripts = recordScripts(page);
    for (const path of publicPagePaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: pages[path] })).toBeVisible();
    }
    const leaked = scripts().flatMap((s) =>
      s.sources
        .filter((source) => PRIVATE_SOURCE_PATTERN.test(source))
        .map((source) => `${s.url}: ${source}`),
    );
    expect(leaked).toEqual([]);
  });
});

test('robots.txt and sitemap.xml describe the public site', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const body = await sitemap.text();
  for (const path of publicPagePaths) expect(body).toContain(`<loc>${baseURL}${path}</loc>`);
});
