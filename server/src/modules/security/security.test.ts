import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_EVENTS_PAGE_SIZE_MAX } from '@larkspur/contract';
import { auditLog, outboxMessages, sessions } from '../../db/schema/index';
import { NEW_DEVICE_TEMPLATE } from '../email/notice-templates';
import {
  JSON_HEADERS,
  cookieJar,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { SESSIONS_PER_USER_MAX } from '../auth/session-store';
import { describeDevice, placeOfIp } from '../../lib/device-place';
import { describeAuditRow } from './security-events';

/**
 * Issue 17, the security page's API: a customer sees and ends only their own sessions (another's
 * answers like a missing one), an ended session is dead at once — its next request and its live
 * stream — and the security events are the customer's own, paged, in words, without secrets.
 */

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** A public address the bundled table places in the United Kingdom. */
const UK_ADDRESS = '81.2.69.160';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const STREAM_ENDS_WITHIN_MS = 10_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t.close();
});

interface Browser {
  cookie: string;
  /** Every cookie this browser holds (session, device). */
  jar: string;
}

/** Signs the customer in from a browser: a fresh one unless `jar` (its cookies) is given. */
async function signIn(
  customer: SignedUpCustomer,
  options: { userAgent?: string; remoteAddress?: string; jar?: string } = {},
): Promise<Browser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: {
      ...JSON_HEADERS,
      'user-agent': options.userAgent ?? CHROME_MAC,
      ...(options.jar ? { cookie: options.jar } : {}),
    },
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    payload: { accountNumber: customer.accountNumber, password: customer.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: sessionCookie(res), jar: cookieJar(res, options.jar ?? '') };
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const del = (url: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie, 'x-larkspur-request': '1' } });
const post = (url: string, cookie: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'x-larkspur-request': '1' } });

interface ListedSession {
  id: string;
  current: boolean;
  device: { label: string; browser: string | null; os: string | null };
  place: { kind: string; code?: string; name?: string } | null;
  signedInAt: string;
  lastActiveAt: string;
}

async function listSessions(
  cookie: string,
  query = '',
): Promise<{ items: ListedSession[]; nextCursor: string | null }> {
  const res = await get(`/api/me/sessions${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function errorOf(res: LightMyRequestResponse) {
  return (res.json() as { error: { code: string; message: string } }).error;
}

async function outboxFor(email: string, template: string) {
  return t.database.db
    .select({ id: outboxMessages.id, subject: outboxMessages.subject, text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toEmail, email), eq(outboxMessages.template, template)));
}

describe('devices and sessions', () => {
  it("lists only the customer's own sessions, this device first, with browser, place and times, and no secrets", async () => {
    const alice = await signUpCustomer(t);
    const phone = await signIn(alice, { userAgent: SAFARI_IPHONE, remoteAddress: UK_ADDRESS });
    const mallory = await signUpCustomer(t);
    await signIn(mallory, { userAgent: FIREFOX_LINUX });

    const list = await listSessions(phone.cookie);
    expect(list.items).toHaveLength(2);
    const [first, second] = list.items;
    expect(first).toMatchObject({
      current: true,
      device: { browser: 'Safari', os: 'iOS', label: 'Safari on iOS' },
      place: { kind: 'country', code: 'GB', name: 'United Kingdom' },
    });
    // The sign-up's session: no user agent was sent, from loopback.
    expect(second).toMatchObject({ current: false, place: { kind: 'local' } });
    expect(Date.parse(first!.signedInAt)).not.toBeNaN();
    expect(Date.parse(first!.lastActiveAt)).not.toBeNaN();

    // None of Mallory's sessions, and nothing that could be replayed or is an address.
    const body = JSON.stringify(list);
    const rows = await t.database.db
      .select({ idHash: sessions.idHash, publicId: sessions.publicId, userId: sessions.userId })
      .from(sessions);
    for (const row of rows) {
      expect(body).not.toContain(row.idHash);
      if (row.userId !== alice.userId) expect(body).not.toContain(row.publicId);
    }
    expect(body).not.toContain(UK_ADDRESS);
    expect(body).not.toContain('127.0.0.1');
    expect(body).not.toContain(phone.cookie.split('=')[1]);
    expect(body).not.toContain('Mozilla');
  });

  it("answers another customer's session exactly like a missing one (404), and it stays signed in", async () => {
    const alice = await signUpCustomer(t);
    const mallory = await signUpCustomer(t);
    const [aliceSession] = (await listSessions(alice.cookie)).items;
    const theirs = await del(`/api/me/sessions/${aliceSession!.id}`, mallory.cookie);
    const missing = await del(`/api/me/sessions/${MISSING_ID}`, mallory.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(theirs)).toEqual(errorOf(missing));
    expect((await get('/api/me', alice.cookie)).statusCode).toBe(200);
    expect((await get('/api/me', mallory.cookie)).statusCode).toBe(200);
    // A malformed id is refused before any lookup.
    expect((await del('/api/me/sessions/not-a-uuid', mallory.cookie)).statusCode).toBe(400);
  });

  it('signs another device out at once: its next request is 401, its live stream ends', async () => {
    const alice = await signUpCustomer(t);
    const laptop = await signIn(alice, { userAgent: FIREFOX_LINUX });
    // The laptop holds a live profile stream open, as its dashboard does.
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/me/stream`, {
      headers: { cookie: laptop.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return 'ended';
      }
    })();

    const list = await listSessions(alice.cookie);
    const other = list.items.find((item) => !item.current);
    expect(other?.device.label).toBe('Firefox on Linux');
    const res = await del(`/api/me/sessions/${other!.id}`, alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, signedOut: false });

    const timeout = new Promise((resolve) => setTimeout(() => resolve('still open'), STREAM_ENDS_WITHIN_MS));
    expect(await Promise.race([ended, timeout])).toBe('ended');
    controller.abort();
    const after = await get('/api/me', laptop.cookie);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('UNAUTHENTICATED');
    // This device is untouched, and the list no longer shows the other.
    expect((await listSessions(alice.cookie)).items.map((item) => item.current)).toEqual([true]);
    // Signing out the same session again: it is gone, so 404.
    expect((await del(`/api/me/sessions/${other!.id}`, alice.cookie)).statusCode).toBe(404);
  });

  it('signs this very browser out when its own session is chosen from the list, and clears the cookie', async () => {
    const alice = await signUpCustomer(t);
    const [own] = (await listSessions(alice.cookie)).items;
    const res = await del(`/api/me/sessions/${own!.id}`, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, signedOut: true });
    const cleared = res.cookies.find((c) => c.name.endsWith('larkspur_session'));
    expect(cleared?.value).toBe('');
    expect((await get('/api/me', alice.cookie)).statusCode).toBe(401);
  });

  it('signs out every other session at once and keeps this one; twice at once ends each only once', async () => {
    const alice = await signUpCustomer(t);
    const others = [
      await signIn(alice, { userAgent: FIREFOX_LINUX }),
      await signIn(alice, { userAgent: SAFARI_IPHONE }),
      await signIn(alice, { userAgent: CHROME_MAC }),
    ];
    const [a, b] = await Promise.all([
      post('/api/me/sessions/revoke-others', alice.cookie),
      post('/api/me/sessions/revoke-others', alice.cookie),
    ]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(a!.json().count + b!.json().count).toBe(3);
    for (const other of others) expect((await get('/api/me', other.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', alice.cookie)).statusCode).toBe(200);
    expect((await listSessions(alice.cookie)).items).toHaveLength(1);
  });

  it('pages the other sessions, newest sign-in first, with no repeats and no gaps', async () => {
    const alice = await signUpCustomer(t);
    const browsers: Browser[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advanceMs(1_000);
      browsers.push(await signIn(alice, { userAgent: FIREFOX_LINUX }));
    }
    const current = browsers[4]!;
    const first = await listSessions(current.cookie, '?limit=2');
    expect(first.items[0]?.current).toBe(true);
    const ids = first.items.slice(1).map((item) => item.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await listSessions(current.cookie, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.items.every((item) => !item.current)).toBe(true);
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    }
    // Four other browsers plus the sign-up's session, each once.
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect((await get('/api/me/sessions?cursor=forged', current.cookie)).statusCode).toBe(400);
    expect((await get('/api/me/sessions?limit=51', current.cookie)).statusCode).toBe(400);
  });

  it(`keeps at most ${SESSIONS_PER_USER_MAX} signed-in browsers: the next sign-in ends the oldest, at once`, async () => {
    const bob = await signUpCustomer(t);
    const browsers: Browser[] = [];
    // The sign-up's session is the first of the ten.
    for (let i = 1; i < SESSIONS_PER_USER_MAX + 1; i++) {
      t.clock.advanceMs(1_000);
      browsers.push(await signIn(bob, { userAgent: FIREFOX_LINUX }));
    }
    const countSessions = async () => {
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(eq(sessions.userId, bob.userId));
      return row?.n;
    };
    expect(await countSessions()).toBe(SESSIONS_PER_USER_MAX);
    // The eleventh sign-in ended the sign-up's session, the oldest.
    expect((await get('/api/me', bob.cookie)).statusCode).toBe(401);
    for (const browser of browsers) expect((await get('/api/me', browser.cookie)).statusCode).toBe(200);
    // Two more at once: each ends one of the oldest, and ten remain.
    t.clock.advanceMs(1_000);
    await Promise.all([signIn(bob), signIn(bob)]);
    expect(await countSessions()).toBe(SESSIONS_PER_USER_MAX);
    expect((await get('/api/me', browsers[0]!.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', browsers[1]!.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', browsers[2]!.cookie)).statusCode).toBe(200);
  });

  it('refuses guests (401) and staff (403) on every security endpoint', async () => {
    const admin = await createAdmin(t);
    const adminCookie = await loginAdmin(t, admin.email, admin.password);
    const calls = [
      (cookie: string) => get('/api/me/sessions', cookie),
      (cookie: string) => get('/api/me/security-events', cookie),
      (cookie: string) => post('/api/me/sessions/revoke-others', cookie),
      (cookie: string) => del(`/api/me/sessions/${MISSING_ID}`, cookie),
    ];
    for (const call of calls) {
      expect((await call('')).statusCode).toBe(401);
      expect((await call(adminCookie)).statusCode).toBe(403);
    }
    // The admin's own session survived the attempts.
    expect((await get('/api/admin/overview', adminCookie)).statusCode).toBe(200);
  });
});

describe('sign-in from a new device', () => {
  it('mails the owner when a browser new to them signs in, in the transaction of the sign-in, and not from a known one', async () => {
    const alice = await signUpCustomer(t);
    // The sign-up's browser holds a device cookie trusted for Alice: no alert.
    await signIn(alice, { jar: alice.browser });
    expect(await outboxFor(alice.email, NEW_DEVICE_TEMPLATE)).toHaveLength(0);

    // A fresh browser: one alert, naming the browser and the place but not the address.
    const stranger = await signIn(alice, { userAgent: SAFARI_IPHONE, remoteAddress: UK_ADDRESS });
    const mails = await outboxFor(alice.email, NEW_DEVICE_TEMPLATE);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Safari on iOS');
    expect(mails[0]!.text).toContain('United Kingdom');
    expect(mails[0]!.text).toContain('/user/dashboard/security');
    expect(mails[0]!.text).not.toContain(UK_ADDRESS);

    // The alert and the sign-in's audit row are one commit: the row records the browser as new.
    const [row] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.login'),
          eq(auditLog.subjectId, alice.userId),
          eq(auditLog.outcome, 'success'),
        ),
      )
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(row?.details).toMatchObject({ device: 'Safari on iOS', newDevice: true });

    // That browser is known now: signing in from it again sends nothing.
    await signIn(alice, { userAgent: SAFARI_IPHONE, jar: stranger.jar });
    expect(await outboxFor(alice.email, NEW_DEVICE_TEMPLATE)).toHaveLength(1);
  });

  it('writes the alert in the sign-in’s own transaction: when the alert cannot be written, there is no session either', async () => {
    const alice = await signUpCustomer(t);
    const sessionsOf = async () =>
      (
        await t.database.db
          .select({ id: sessions.idHash })
          .from(sessions)
          .where(eq(sessions.userId, alice.userId))
      ).length;
    const before = await sessionsOf();
    // A fault in the outbox for this one template only (the database refuses the row).
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_new_device_mail() returns trigger language plpgsql as $$
        begin
          if new.template = '${NEW_DEVICE_TEMPLATE}' then raise exception 'outbox unavailable'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_new_device_mail before insert on outbox_messages
        for each row execute function refuse_new_device_mail()`),
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...JSON_HEADERS, 'user-agent': SAFARI_IPHONE },
        payload: { accountNumber: alice.accountNumber, password: alice.password },
      });
      expect(res.statusCode).toBe(500);
      expect(res.cookies.find((c) => c.name.endsWith('larkspur_session'))).toBeUndefined();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_new_device_mail on outbox_messages'));
    }
    // No session, no success row: nothing of the sign-in committed without its alert.
    expect(await sessionsOf()).toBe(before);
    const successes = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.login'),
          eq(auditLog.subjectId, alice.userId),
          eq(auditLog.outcome, 'success'),
        ),
      );
    expect(successes).toHaveLength(0);
    expect(await outboxFor(alice.email, NEW_DEVICE_TEMPLATE)).toHaveLength(0);
  });

  it('does not treat another customer’s device cookie as a known device', async () => {
    const alice = await signUpCustomer(t);
    const mallory = await signUpCustomer(t);
    await signIn(alice, { jar: mallory.browser });
    expect(await outboxFor(alice.email, NEW_DEVICE_TEMPLATE)).toHaveLength(1);
  });

  it('sends nothing for a failed sign-in', async () => {
    const alice = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: { accountNumber: alice.accountNumber, password: 'not the password' },
    });
    expect(res.statusCode).toBe(401);
    expect(await outboxFor(alice.email, NEW_DEVICE_TEMPLATE)).toHaveLength(0);
  });
});

describe('security events', () => {
  interface ListedEvent {
    id: string;
    kind: string;
    title: string;
    detail: string | null;
    outcome: string;
    place: { kind: string; name?: string } | null;
    createdAt: string;
  }
  const events = async (
    cookie: string,
    query = '',
  ): Promise<{ items: ListedEvent[]; nextCursor: string | null }> => {
    const res = await get(`/api/me/security-events${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("shows the customer's own sign-ins, failures, changes and card freezes in words, newest first, and nobody else's", async () => {
    const alice = await signUpCustomer(t);
    const mallory = await signUpCustomer(t);
    t.clock.advanceMs(1_000);
    // A stranger fails against Alice's account from the UK; Mallory fails against her own.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      remoteAddress: UK_ADDRESS,
      payload: { accountNumber: alice.accountNumber, password: 'guessing 12345' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_HEADERS,
      payload: { accountNumber: mallory.accountNumber, password: 'guessing 12345' },
    });
    t.clock.advanceMs(1_000);
    const phone = await signIn(alice, { userAgent: SAFARI_IPHONE });
    t.clock.advanceMs(1_000);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: phone.cookie },
      payload: { phone: '+1 415 555 0199' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    t.clock.advanceMs(1_000);
    const [card] = (await get('/api/me/cards', phone.cookie)).json().items;
    expect((await post(`/api/me/cards/${card.id}/freeze`, phone.cookie)).statusCode).toBe(200);
    t.clock.advanceMs(1_000);
    // Mallory changes her own contact details: never in Alice's list.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...JSON_HEADERS, cookie: mallory.cookie },
      payload: { address: '13 Elsewhere Road' },
    });

    const list = await events(phone.cookie);
    expect(list.items.map((e) => e.kind)).toEqual([
      'card-frozen',
      'contact-changed',
      'sign-in',
      'sign-in-failed',
      'signed-up',
    ]);
    expect(list.items[0]).toMatchObject({ title: 'Card frozen', detail: `Card ending ${card.last4}` });
    expect(list.items[1]).toMatchObject({ title: 'Contact details changed', detail: 'Phone' });
    expect(list.items[2]).toMatchObject({
      title: 'Signed in',
      detail: 'Safari on iOS',
      place: { kind: 'local' },
    });
    expect(list.items[3]).toMatchObject({
      title: 'Failed sign-in attempt',
      outcome: 'failure',
      place: { kind: 'country', name: 'United Kingdom' },
    });
    const times = list.items.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    // No address, no reason written for staff, no values of the change, no secrets.
    const body = JSON.stringify(list);
    for (const secret of [
      UK_ADDRESS,
      '127.0.0.1',
      'wrong password',
      '+1 415 555 0199',
      alice.password,
      'guessing',
    ]) {
      expect(body).not.toContain(secret);
    }
    expect(body).not.toContain('Elsewhere');
    // Mallory sees her own failure and change, none of Alice's.
    const hers = await events(mallory.cookie);
    expect(hers.items.map((e) => e.kind)).toEqual(['contact-changed', 'sign-in-failed', 'signed-up']);
    for (const item of list.items) expect(hers.items.map((e) => e.id)).not.toContain(item.id);
  });

  it('pages with an opaque cursor: no repeats, no gaps, bounded page size, forged cursors refused', async () => {
    const alice = await signUpCustomer(t);
    let cookie = alice.cookie;
    for (let i = 0; i < 6; i++) {
      t.clock.advanceMs(1_000);
      // From a browser Alice has used (no alert), without its session cookie (that would be ended).
      cookie = (
        await signIn(alice, {
          jar: alice.browser
            .split('; ')
            .filter((c) => !c.includes('larkspur_session'))
            .join('; '),
        })
      ).cookie;
    }
    const all = await events(cookie, '?limit=50');
    expect(all.items).toHaveLength(7);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await events(cookie, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(all.items.map((e) => e.id));
    for (const bad of ['forged', Buffer.from('["security-events","9999-99-99","1"]').toString('base64url')]) {
      const res = await get(`/api/me/security-events?cursor=${bad}`, cookie);
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await get(`/api/me/security-events?limit=${SECURITY_EVENTS_PAGE_SIZE_MAX + 1}`, cookie)).statusCode,
    ).toBe(400);
  });

  it('shows actions other modules add: known words where the name says, generic words otherwise, nothing off-topic', async () => {
    const alice = await signUpCustomer(t);
    const base = { actorId: alice.userId, actorRole: 'user', subjectType: 'user', subjectId: alice.userId };
    for (const action of [
      'passkey.added',
      'passkey.removed',
      'payee.create',
      'passkey.renamed',
      'loan.apply',
    ]) {
      t.clock.advanceMs(1_000);
      await t.database.db
        .insert(auditLog)
        .values({ ...base, action, outcome: 'success', createdAt: t.clock.now() });
    }
    const list = await events(alice.cookie);
    expect(list.items.slice(0, 4).map((e) => [e.kind, e.title])).toEqual([
      ['other', 'Security activity on your account'],
      ['payee-added', 'New payee added'],
      ['passkey-removed', 'Passkey removed'],
      ['passkey-added', 'Passkey added'],
    ]);
    expect(list.items.map((e) => e.kind)).not.toContain('loan');
    expect(list.items).toHaveLength(5);
  });
});

describe('words for devices, places and events', () => {
  it('names browsers and systems, and says so when it cannot', () => {
    expect(describeDevice(CHROME_MAC).label).toBe('Chrome on macOS');
    expect(describeDevice(FIREFOX_LINUX).label).toBe('Firefox on Linux');
    expect(describeDevice(null).label).toBe('Unknown browser');
    expect(describeDevice('curl/8.5.0').label).toBe('Unknown browser');
  });

  it('places public IPv4 addresses by country, private ones on the local network, others nowhere', () => {
    expect(placeOfIp(UK_ADDRESS)).toBe('GB');
    expect(placeOfIp(`::ffff:${UK_ADDRESS}`)).toBe('GB');
    for (const local of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '::1', 'fd00::1']) {
      expect(placeOfIp(local)).toBe('local');
    }
    expect(placeOfIp('2001:db8::1')).toBeNull();
    expect(placeOfIp('not an address')).toBeNull();
    expect(placeOfIp(null)).toBeNull();
  });

  it('names the recovery and back-office help actions in words (issue 17), a refused one never as done', () => {
    const words = (action: string, outcome: 'success' | 'failure' = 'success') =>
      describeAuditRow({ action, outcome, actorRole: 'admin', details: null });
    expect(words('auth.password_reset')).toMatchObject({ kind: 'password-reset' });
    expect(words('auth.password_reset', 'failure').kind).toBe('other');
    expect(words('admin.sign_in_unlock').title).toBe('The bank unlocked your sign-in');
    expect(words('admin.password_reset_sent').title).toBe('The bank sent you a password reset code');
    expect(words('admin.email_change')).toMatchObject({ kind: 'email-changed' });
    expect(words('admin.email_change', 'failure').kind).toBe('other');
    expect(
      describeAuditRow({
        action: 'auth.login',
        outcome: 'success',
        actorRole: 'user',
        details: { method: 'passkey', device: 'Chrome on macOS' },
      }),
    ).toMatchObject({ title: 'Signed in with a passkey', detail: 'Chrome on macOS' });
  });

  it('never shows a refused step as a success', () => {
    expect(
      describeAuditRow({ action: 'passkey.added', outcome: 'failure', actorRole: 'user', details: null })
        .kind,
    ).toBe('other');
    expect(
      describeAuditRow({ action: 'card.unfreeze', outcome: 'denied', actorRole: 'user', details: null })
        .title,
    ).toBe('Signed out after several wrong passwords');
  });
});
