import { describe, expect, it } from 'vitest';
import { isKnownPagePath, paths, publicPagePaths } from './paths';

describe('route table', () => {
  it('lists the twenty-one public routes of SPEC §2 (help and faqs share a page)', () => {
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
});
