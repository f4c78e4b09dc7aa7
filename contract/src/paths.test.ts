import { describe, expect, it } from 'vitest';
import { createPagePathMatcher, faqsTarget, isKnownPagePath, paths, publicPagePaths } from './paths';

describe('route table', () => {
  it('lists the public pages of product §2: help and faqs share one, listed once (decision 0214)', () => {
    expect(publicPagePaths).toHaveLength(20);
    expect(new Set(publicPagePaths).size).toBe(20);
    expect(publicPagePaths).toContain(paths.help);
    expect(publicPagePaths).not.toContain(paths.faqs);
    // Still a route the app knows: it sends the visitor on, it is not a 404.
    expect(isKnownPagePath(paths.faqs)).toBe(true);
    expect(faqsTarget).toBe('/support/help#faqs');
  });

  it('knows every page and ignores a trailing slash', () => {
    expect(isKnownPagePath(paths.userTransactions)).toBe(true);
    expect(isKnownPagePath('/products/checking/')).toBe(true);
    expect(isKnownPagePath('/')).toBe(true);
    expect(isKnownPagePath('/no-such-page')).toBe(false);
    expect(isKnownPagePath('/user/dashboard/other')).toBe(false);
  });

  it('matches a dynamic segment as the router does: one non-empty segment, nothing more', () => {
    const matches = createPagePathMatcher(['/admin/dashboard/users/:userId', '/user/dashboard']);
    expect(matches('/admin/dashboard/users/8c1f')).toBe(true);
    expect(matches('/admin/dashboard/users/8c1f/')).toBe(true);
    expect(matches('/admin/dashboard/users/')).toBe(false);
    expect(matches('/admin/dashboard/users/8c1f/extra')).toBe(false);
    expect(matches('/admin/dashboard/people/8c1f')).toBe(false);
    expect(matches('/user/dashboard')).toBe(true);
    expect(matches('/user/dashboard/x')).toBe(false);
  });
});
