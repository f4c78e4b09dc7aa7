import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isKnownPagePath } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { createRoutes } from './router';

/** Every page pattern the router renders, as a full path ('*', the not-found page, aside). */
function routePatterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [own] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}

/** A path the pattern matches: each `:name` segment filled with a sample value. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, 'sample-1');
}

describe('the route table and the server agree', () => {
  const patterns = routePatterns(createRoutes());

  it('the server knows every page of the router, so none answers 404 (issue #13, point 12)', () => {
    expect(patterns.length).toBeGreaterThan(30);
    for (const pattern of patterns) expect(isKnownPagePath(samplePath(pattern)), pattern).toBe(true);
  });

  it('the router renders every page the server answers 200 for (the dev mailbox is the server’s own)', () => {
    const rendered = new Set(patterns);
    for (const path of Object.values(paths)) {
      if (path === paths.devMailbox) continue;
      expect(rendered.has(path), path).toBe(true);
    }
  });
});
