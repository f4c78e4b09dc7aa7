import { describe, expect, it } from 'vitest';
import { createPagePathMatcher, isKnownPagePath, paths, publicPagePaths } from './paths';

describe('route table', () => {
  it('lists the twenty-one public routes of product §2 (help and faqs share a page)', () => {
    expect(publicPagePaths).toHaveLength(21);
    expect(new Set(publicPagePaths).size).toBe(21);
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
