import { describe, expect, it } from 'vitest';
import './zod-csp';
import { config } from 'zod/v4/core';
import { z } from 'zod';

describe('zod under our CSP', () => {
  it('runs jitless, so it never probes eval', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
  });
});
