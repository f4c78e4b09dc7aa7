import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin, signUpCustomer } from '../test/identity';
import { buildTestApp, type TestApp } from '../test/test-app';
import { inlineScriptHashes } from './web-app';

// A stand-in for web/dist: index.html and one hashed asset, each with the .br/.gz copies the web
// build writes beside them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-web-dist-'));
const script = `console.log(${JSON.stringify('Larkspur '.repeat(200))});`;
/** What the web build puts in every page's head (decision 0126). */
const themeScript = "document.documentElement.setAttribute('data-theme','dark')";
const html = `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>Larkspur</p>'.repeat(100)}</body></html>`;
const checking = `<!doctype html><html><body>${'<p>Checking</p>'.repeat(100)}</body></html>`;
const home = `<!doctype html><html><body>${'<p>Home</p>'.repeat(100)}</body></html>`;
const customerOverview = `<!doctype html><html><head><script>${themeScript}</script><link rel="preload" href="/api/me"></head></html>`;
const customerArea = '<!doctype html><html><head><!-- customer area --></head></html>';
const adminArea = '<!doctype html><html><head><!-- admin area --></head></html>';

function writeWithCopies(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  writeWithCopies(path.join(dist, 'index.html'), html);
  writeWithCopies(path.join(dist, 'assets/app-abc123.js'), script);
  writeWithCopies(path.join(dist, 'prerendered/products/checking.html'), checking);
  writeWithCopies(path.join(dist, 'prerendered/index.html'), home);
  writeWithCopies(path.join(dist, 'shells/customer-overview.html'), customerOverview);
  writeWithCopies(path.join(dist, 'shells/customer.html'), customerArea);
  writeWithCopies(path.join(dist, 'shells/admin.html'), adminArea);
  fs.writeFileSync(
    path.join(dist, 'shells/shells.json'),
    JSON.stringify([
      { role: 'user', path: '/user/dashboard', file: 'customer-overview.html' },
      { role: 'user', prefix: '/user/', file: 'customer.html' },
      { role: 'admin', prefix: '/admin/', file: 'admin.html' },
    ]),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the Brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses the SPA fallback too, and never caches it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/products/savings',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('sends a prerendered page for its path (trailing slash and query too), compressed, never cached', async () => {
    for (const url of ['/products/checking', '/products/checking/', '/products/checking?ref=ad']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(checking);
    }
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(home);
  });

  it('keeps one address per page: the prerendered files are not served under their own names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prerendered/products/checking.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(html);
  });

  it('still answers 404 with the app for a path it has no page for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(html);
  });

  describe('the signed-in areas’ shells', () => {
    const page = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('sends a customer the shell of their own area, the overview’s for the overview', async () => {
      const { cookie } = await signUpCustomer(t);
      expect((await page('/user/dashboard', cookie)).body).toBe(customerOverview);
      expect((await page('/user/dashboard/', cookie)).body).toBe(customerOverview);
      expect((await page('/user/dashboard/transactions?page=2', cookie)).body).toBe(customerArea);
      // Not the admin console's, nor on a public page.
      expect((await page('/admin/dashboard', cookie)).body).toBe(html);
      expect((await page('/products/checking', cookie)).body).toBe(checking);
    });

    it('sends an admin the console’s shell, and not the customer area’s', async () => {
      const admin = await createAdmin(t);
      const cookie = await loginAdmin(t, admin.email, admin.password);
      expect((await page('/admin/dashboard/users', cookie)).body).toBe(adminArea);
      expect((await page('/user/dashboard', cookie)).body).toBe(html);
    });

    it('sends a guest, or a cookie with no live session behind it, the plain page', async () => {
      expect((await page('/user/dashboard')).body).toBe(html);
      const stale = await page('/user/dashboard', 'larkspur_session=not-a-session');
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(html);
      const { cookie } = await signUpCustomer(t);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'x-larkspur-request': '1' },
      });
      expect(logout.statusCode).toBe(200);
      expect((await page('/user/dashboard', cookie)).body).toBe(html);
    });

    it('answers a path of an area that is no page with 404 and the not-found app, to everyone', async () => {
      const { cookie: customer } = await signUpCustomer(t);
      const admin = await createAdmin(t);
      const adminCookie = await loginAdmin(t, admin.email, admin.password);
      const unknown = [
        '/user/transactions',
        '/user/dashboard/nope',
        '/user/dashboard/profile/extra',
        '/user/',
        '/admin/users',
        '/admin/dashboard/users/123',
        '/admin/anything?x=1',
      ];
      for (const url of unknown) {
        for (const [who, cookie] of [
          ['guest', undefined],
          ['customer', customer],
          ['admin', adminCookie],
        ] as const) {
          const res = await page(url, cookie);
          expect(res.statusCode, `${who} ${url}`).toBe(404);
          expect(res.body, `${who} ${url}`).toBe(html);
        }
      }
      // The real pages of each area are still the area's shell.
      expect((await page('/user/dashboard/cards', customer)).statusCode).toBe(200);
      expect((await page('/admin/dashboard/audit', adminCookie)).body).toBe(adminArea);
    });

    it('keeps one address per page: the shells are not served under their own names', async () => {
      expect((await page('/shells/customer.html')).statusCode).toBe(404);
      expect((await page('/shells/shells.json')).body).not.toContain('customer-overview');
    });
  });
});

describe('the built pages’ inline scripts (decision 0126)', () => {
  const allowed = `'sha256-${crypto.createHash('sha256').update(themeScript).digest('base64')}'`;

  it('are allowed by their hash, and only they, on every answer', async () => {
    // Modules and scripts with a source come from 'self'; only attribute-less inline scripts count.
    expect(inlineScriptHashes(dist)).toEqual([allowed]);
    for (const url of ['/', '/products/savings', '/user/dashboard', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' ${allowed};`);
      expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  it('are none without a build', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'larkspur-no-dist-'));
    try {
      expect(inlineScriptHashes(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
