import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { JSON_HEADERS } from '../../test/identity';
import { buildTestApp } from '../../test/test-app';

describe('the test clock (decision 0160)', () => {
  it('is refused in production, whatever else is set, and off by default', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'on' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production', LARKSPUR_ALLOW_DEV_MAILBOX: 'true' }),
    ).toThrow(/TEST_CLOCK=on is refused in production/);
    expect(loadConfig({ NODE_ENV: 'test' }).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).testClock).toBe(true);
  });

  it('has no endpoint unless it is on; when on, moves time forward only and runs the scheduler', async () => {
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: JSON_HEADERS,
        payload: { days: 1 },
      });
      expect(res.statusCode).toBe(404);
      const document = off.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).not.toContain('/api/test/clock');
    } finally {
      await off.close();
    }
    const on = await buildTestApp({ env: { TEST_CLOCK: 'on' } });
    try {
      const before = on.clock.now().getTime();
      const res = await on.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: JSON_HEADERS,
        payload: { days: 2 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(new Date(res.json().now as string).getTime() - before).toBe(2 * 86_400_000);
      const back = await on.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        headers: JSON_HEADERS,
        payload: { days: -1 },
      });
      expect(back.statusCode).toBe(400);
      const document = on.app.swagger() as { paths: Record<string, unknown> };
      // Listed where it exists, so the suites that derive from the document cover it (issue 29).
      expect(Object.keys(document.paths)).toContain('/api/test/clock');
    } finally {
      await on.close();
    }
  });
});
