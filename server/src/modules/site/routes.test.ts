import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPagePaths } from '@larkspur/contract';
import { buildTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://bank.example' } });
});
afterAll(async () => {
  await t.close();
});

describe('crawler files', () => {
  it('lists every public page in the sitemap with absolute URLs on the public origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(publicPagePaths.map((p) => `https://bank.example${p}`));
    expect(res.body).not.toContain('/user/');
    expect(res.body).not.toContain('/admin/');
  });

  it('sends /support/faqs to the Help Center’s questions: one page, one name, one URL (issue 28, decision 0214)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/support/faqs' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/support/help#faqs');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain('https://bank.example/support/help<');
    expect(sitemap.body).not.toContain('/support/faqs');
  });

  it('lets crawlers in, keeps them out of private areas and points at the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin/');
    expect(res.body).toContain('Disallow: /user/');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://bank.example/sitemap.xml');
  });
});
