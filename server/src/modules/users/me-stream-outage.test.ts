import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { STREAM_HEARTBEAT_MS } from '../profile/me-routes';

/** Long enough for the heartbeat's failed session check to settle. */
const SETTLE_MS = 300;

/**
 * An open profile stream checks its session on every heartbeat. When the database is gone at
 * that moment (a restart, a failover) the check fails: that must not become an unhandled
 * rejection, which would end the whole process (issue 16).
 */
describe('a profile stream while the database is unavailable', () => {
  let t: TestApp;
  let customer: SignedUpCustomer;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    t = await buildTestApp();
    customer = await signUpCustomer(t);
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    vi.useRealTimers();
    await t.close().catch(() => undefined);
  });

  it('survives a heartbeat whose session check fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/me/stream`, {
      headers: { cookie: customer.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();

    // The whole database goes away: every query now fails.
    await t.database.close();
    vi.advanceTimersByTime(STREAM_HEARTBEAT_MS);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    controller.abort();

    expect(unhandled).toEqual([]);
  });
});
