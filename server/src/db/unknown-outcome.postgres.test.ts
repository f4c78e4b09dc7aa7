import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_INTERVAL_MS } from '../modules/email/otp-service';
import {
  JSON_HEADERS,
  signUpCustomer,
  uniqueEmail,
  validSignup,
  type SignedUpCustomer,
} from '../test/identity';
import { startAppBehindProxy, type AppBehindProxy } from '../test/app-behind-proxy';
import type { PgProxy } from '../test/pg-proxy';
import type { TestApp } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { auditLog, mailboxMessages, oneTimeCodes } from './schema/index';

/**
 * A connection lost at COMMIT (decision 0106): the app talks to its database through a proxy that
 * cuts the connection at the next COMMIT, either before the server sees it (rolled back) or right
 * after (committed, and the app cannot know). Either way the request is a clean 503 the client
 * retries, never a 500 and never half a change; the retry converges.
 */
let proxy: PgProxy;
let t: TestApp;
let customer: SignedUpCustomer;
/** A direct handle, beside the app's, to look at what really committed. */
let direct: DatabaseHandle;
let harness: AppBehindProxy;

beforeAll(async () => {
  harness = await startAppBehindProxy();
  ({ t, proxy, direct } = harness);
  customer = await signUpCustomer(t);
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const patchPhone = (phone: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...JSON_HEADERS, cookie: customer.cookie },
    payload: { phone },
  });

async function phoneNow(): Promise<string> {
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: customer.cookie } });
  return (me.json() as { phone: string }).phone;
}

async function profileUpdates(): Promise<number> {
  const [row] = await direct.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.subjectId, customer.userId)));
  return row?.n ?? 0;
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
}

describe('a connection lost at COMMIT', () => {
  it('before the server saw it: 503, nothing of the profile change or its audit entry; the retry applies it once', async () => {
    const before = await phoneNow();
    const audits = await profileUpdates();
    proxy.cutNextCommit('before');
    expectUnavailable(await patchPhone('+1 415 555 0101'));
    expect(await phoneNow()).toBe(before);
    expect(await profileUpdates()).toBe(audits);

    const retry = await patchPhone('+1 415 555 0101');
    expect(retry.statusCode).toBe(200);
    expect(await phoneNow()).toBe('+1 415 555 0101');
    expect(await profileUpdates()).toBe(audits + 1);
  });

  it('after the server committed: 503 (unknown outcome), the change and its audit entry together; the retry converges', async () => {
    const audits = await profileUpdates();
    proxy.cutNextCommit('after');
    expectUnavailable(await patchPhone('+1 415 555 0202'));
    // The server runs the COMMIT it got just as the app gives up on the connection: wait for it.
    // Both parts of the one transaction committed, or neither: here both.
    await vi.waitFor(async () => expect(await profileUpdates()).toBe(audits + 1), { timeout: 10_000 });
    expect(await phoneNow()).toBe('+1 415 555 0202');

    const retry = await patchPhone('+1 415 555 0202');
    expect(retry.statusCode).toBe(200);
    expect(await phoneNow()).toBe('+1 415 555 0202');
  });

  it('issuing a one-time code, before: 503 and no code; the retry sends one', async () => {
    const body = validSignup({ email: uniqueEmail('commit-before') });
    const start = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup/start', headers: JSON_HEADERS, payload: body });
    proxy.cutNextCommit('before');
    expectUnavailable(await start());
    expect(await direct.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, body.email))).toEqual([]);

    expect((await start()).statusCode).toBe(202);
    expect(
      await direct.db.select().from(mailboxMessages).where(eq(mailboxMessages.toEmail, body.email)),
    ).toHaveLength(1);
  });

  it('issuing a one-time code, after: 503, a code that was never sent; the resend throttle answers, then a resend works', async () => {
    const body = validSignup({ email: uniqueEmail('commit-after') });
    const start = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/signup/start', headers: JSON_HEADERS, payload: body });
    proxy.cutNextCommit('after');
    expectUnavailable(await start());
    // The server runs the COMMIT it got just as the app gives up on the connection: wait for it.
    await vi.waitFor(
      async () =>
        expect(
          await direct.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, body.email)),
        ).toHaveLength(1),
      { timeout: 10_000 },
    );
    expect(
      await direct.db.select().from(mailboxMessages).where(eq(mailboxMessages.toEmail, body.email)),
    ).toEqual([]);

    // The committed code counts for the resend interval (decision 0106 accepts this wait).
    const throttled = await start();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    t.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    expect((await start()).statusCode).toBe(202);
    expect(
      await direct.db.select().from(mailboxMessages).where(eq(mailboxMessages.toEmail, body.email)),
    ).toHaveLength(1);
  });
});
