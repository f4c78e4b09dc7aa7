import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPatch } from '../test/admin-fixtures';
import { STREAMS_PER_SESSION_MAX } from '../modules/users/live-streams';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../test/identity';
import { accountProof } from '../test/passkeys';
import { buildTwoInstances, type TestApp, type TwoInstances } from '../test/test-app';

/**
 * Issue 13 point 10: live profile streams are capped per session, and end as soon as their session
 * is revoked (logout, password change, suspension), on every instance. Two app instances share
 * one database here; on PostgreSQL each has its own pool and its own LISTEN connection.
 *
 * The old code ended a revoked session's stream only at its next heartbeat, 25 s later: each
 * "ends" below waits on the stream itself, and the test's timeout (well under a heartbeat) fails it.
 */
const ENDS_WITHIN_MS = 10_000;
const CONCURRENT_OPENS = 100;

let instances: TwoInstances;
let t: TestApp;
let second: FastifyInstance;
let ports: [number, number];
let adminCookie: string;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return address.port;
}

beforeAll(async () => {
  instances = await buildTwoInstances();
  ({ t, second } = instances);
  ports = [await listen(t.app), await listen(second)];
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await instances?.close();
});

interface OpenStream {
  status: number;
  /** Resolves when the server ends the stream (never on the client's own abort). */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Everything received so far. */
  text(): string;
  abort(): void;
}

/** Opens `/api/me/stream` on instance `which` over real HTTP, as a browser's EventSource does. */
async function openStream(cookie: string, which: 0 | 1 = 0): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${ports[which]}/api/me/stream`, {
    headers: { cookie },
    signal: controller.signal,
  });
  let received = '';
  let done = false;
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (!reader) return;
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      received += decoder.decode(chunk.value, { stream: true });
    }
    done = true;
  })();
  return {
    status: response.status,
    ended,
    isEnded: () => done,
    text: () => received,
    abort: () => controller.abort(),
  };
}

/** Resolves once the stream has sent its first profile: it is registered and listening. */
async function firstProfile(stream: OpenStream): Promise<void> {
  while (!stream.text().includes('event: profile')) {
    if (stream.isEnded()) throw new Error(`stream ended early: ${stream.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const logout = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie, origin: JSON_HEADERS.origin, 'x-larkspur-request': '1' },
  });

async function secondSession(customer: SignedUpCustomer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: JSON_HEADERS,
    payload: { accountNumber: customer.accountNumber, password: customer.password },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('live stream caps', () => {
  it(
    `keeps at most ${STREAMS_PER_SESSION_MAX} of ${CONCURRENT_OPENS} concurrent opens of one session open`,
    async () => {
      const customer = await signUpCustomer(t);
      const streams = await Promise.all(
        Array.from({ length: CONCURRENT_OPENS }, () => openStream(customer.cookie)),
      );
      expect(streams.every((s) => s.status === 200)).toBe(true);
      // All but the cap are ended by the server (the newest replace the oldest) …
      const replaced = CONCURRENT_OPENS - STREAMS_PER_SESSION_MAX;
      while (streams.filter((s) => s.isEnded()).length < replaced) {
        await Promise.race(streams.filter((s) => !s.isEnded()).map((s) => s.ended));
      }
      const open = streams.filter((s) => !s.isEnded());
      expect(open.length).toBeLessThanOrEqual(STREAMS_PER_SESSION_MAX);
      // … told to wait before reconnecting, so two tabs too many do not keep replacing each other.
      const ended = streams.filter((s) => s.isEnded());
      expect(ended.every((s) => /retry: 60000/.test(s.text()))).toBe(true);
      // The ones left are live ones: the logout ends them.
      expect((await logout(t.app, customer.cookie)).statusCode).toBe(200);
      await Promise.all(open.map((s) => s.ended));
    },
    ENDS_WITHIN_MS * 3,
  );

  it('counts per session: another session of the same person keeps its own streams', async () => {
    const customer = await signUpCustomer(t);
    const other = await secondSession(customer);
    const mine = await openStream(other);
    await firstProfile(mine);
    const flood = await Promise.all(
      Array.from({ length: STREAMS_PER_SESSION_MAX * 2 }, () => openStream(customer.cookie)),
    );
    await Promise.all(flood.map(firstProfile).map((p) => p.catch(() => undefined)));
    expect(mine.isEnded()).toBe(false);
    expect((await logout(t.app, customer.cookie)).statusCode).toBe(200);
    await Promise.all(flood.map((s) => s.ended));
    expect(mine.isEnded()).toBe(false);
    mine.abort();
  });
});

describe('live stream revocation', () => {
  it(
    'ends the stream as soon as its session logs out',
    async () => {
      const customer = await signUpCustomer(t);
      const stream = await openStream(customer.cookie);
      await firstProfile(stream);
      const started = performance.now();
      expect((await logout(t.app, customer.cookie)).statusCode).toBe(200);
      await stream.ended;
      // Logged for the record (issue 13 asks for under 2 s); the test's timeout is the assertion.
      console.info(`stream ended ${Math.round(performance.now() - started)} ms after the logout`);
    },
    ENDS_WITHIN_MS,
  );

  it(
    'ends the stream held on instance B when the session logs out on instance A',
    async () => {
      const customer = await signUpCustomer(t);
      const onB = await openStream(customer.cookie, 1);
      await firstProfile(onB);
      expect((await logout(t.app, customer.cookie)).statusCode).toBe(200);
      await onB.ended;
      // And the session cannot open a new one anywhere.
      expect((await openStream(customer.cookie, 1)).status).toBe(401);
    },
    ENDS_WITHIN_MS,
  );

  it(
    "ends the other sessions' streams on a password change, and keeps the changer's own",
    async () => {
      const customer = await signUpCustomer(t);
      const proof = await accountProof(t, customer, 'password.change');
      const other = await secondSession(customer);
      const theirs = await openStream(other, 1);
      const mine = await openStream(customer.cookie, 0);
      await Promise.all([firstProfile(theirs), firstProfile(mine)]);
      const change = await t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: {
          ...JSON_HEADERS,
          cookie: customer.cookie,
          'step-up-token': proof,
        },
        payload: {
          currentPassword: customer.password,
          newPassword: 'An0ther-long-passphrase!',
          confirmPassword: 'An0ther-long-passphrase!',
        },
      });
      expect(change.statusCode).toBe(200);
      await theirs.ended;
      expect(mine.isEnded()).toBe(false);
      mine.abort();
    },
    ENDS_WITHIN_MS,
  );

  it(
    "ends a customer's streams on every instance when an admin suspends them",
    async () => {
      const customer = await signUpCustomer(t);
      const streams = [await openStream(customer.cookie, 0), await openStream(customer.cookie, 1)];
      await Promise.all(streams.map(firstProfile));
      const suspend = await adminPatch(t, adminCookie, customer.userId, {
        status: 'suspended',
        reason: 'Suspected account takeover',
      });
      expect(suspend.statusCode).toBe(200);
      await Promise.all(streams.map((s) => s.ended));
    },
    ENDS_WITHIN_MS,
  );

  it('does not end a stream when another session of the same person logs out', async () => {
    const customer = await signUpCustomer(t);
    const other = await secondSession(customer);
    const stream = await openStream(customer.cookie, 1);
    await firstProfile(stream);
    expect((await logout(t.app, other)).statusCode).toBe(200);
    // A profile change still reaches the stream afterwards: it is alive, not merely slow to end.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: customer.cookie },
      payload: { phone: '+1 303 555 0199' },
    });
    expect(patch.statusCode).toBe(200);
    while (!stream.text().includes('+1 303 555 0199')) {
      if (stream.isEnded()) throw new Error('the stream of a live session ended');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stream.abort();
  });

  // Last in the file: it moves the shared clock twelve hours on.
  it(
    'ends the stream when its session reaches its absolute lifetime',
    async () => {
      const customer = await signUpCustomer(t);
      const { idleTimeoutMs, absoluteTimeoutMs } = t.config.session;
      const absoluteEnd = t.clock.now().getTime() + absoluteTimeoutMs;
      // Keep the session alive until its idle deadline is its absolute one …
      while (t.clock.now().getTime() < absoluteEnd - idleTimeoutMs) {
        t.clock.advanceMs(idleTimeoutMs / 2);
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { cookie: customer.cookie },
        });
        expect(me.statusCode).toBe(200);
      }
      // … open the stream a second before that, and let the second pass.
      t.clock.set(new Date(absoluteEnd - 1_000));
      const stream = await openStream(customer.cookie, 1);
      await firstProfile(stream);
      t.clock.advanceMs(2_000);
      await stream.ended;
    },
    ENDS_WITHIN_MS,
  );
});
