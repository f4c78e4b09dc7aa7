import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  loginThrottles,
  mailboxMessages,
  outboxMessages,
  sessions,
  stepUps,
  webauthnChallenges,
} from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { LOCK_MAX_MS } from '../auth/login-throttle';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../lib/idempotency';
import {
  HOUSEKEEPING_BATCH_ROWS,
  LOGIN_THROTTLE_IDLE_MS,
  MAILBOX_RETENTION_MS,
  OUTBOX_SENT_RETENTION_MS,
  STEP_UP_RETENTION_MS,
  createHousekeeping,
} from './housekeeping';

let t: TestApp;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpCustomer(t);
  bob = await signUpCustomer(t);
  const admin = await createAdmin(t);
  await credit(t, await loginAdmin(t, admin.email, admin.password), alice.userId, '500.00');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

describe('housekeeping', () => {
  it('forgets an idempotency key only once it has expired (runIdempotent ignores it from then on)', async () => {
    const body = { recipientAccount: bob.accountNumber, amount: '10.00' };
    const first = await transfer(t, alice, body, { 'idempotency-key': 'rent-march' });
    expect(first.statusCode).toBe(201);
    const keyRow = () => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'rent-march'));

    t.clock.advanceMs(IDEMPOTENCY_KEY_TTL_MS - 1);
    expect((await t.app.housekeeping.runOnce()).idempotencyKeys).toBe(0);
    expect(await keyRow()).toHaveLength(1);

    t.clock.advanceMs(2);
    expect((await t.app.housekeeping.runOnce()).idempotencyKeys).toBe(1);
    expect(await keyRow()).toEqual([]);
  });

  it('deletes sessions past their idle deadline and keeps the live ones', async () => {
    const live = await signUpCustomer(t);
    t.clock.advanceMs(t.config.session.idleTimeoutMs + 1);
    const fresh = await signUpCustomer(t);
    const { sessions: deleted } = await t.app.housekeeping.runOnce();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const owners = (await db().select({ userId: sessions.userId }).from(sessions)).map((row) => row.userId);
    expect(owners).toContain(fresh.userId);
    expect(owners).not.toContain(live.userId);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fresh.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('deletes delivered email after its retention, and never pending or failed email', async () => {
    await db().delete(outboxMessages);
    const message = {
      toEmail: 'a@example.test',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      template: 'x',
      params: {},
    };
    await db()
      .insert(outboxMessages)
      .values([
        { ...message, subject: 'old sent', status: 'sent', sentAt: ago(OUTBOX_SENT_RETENTION_MS + 1) },
        { ...message, subject: 'recent sent', status: 'sent', sentAt: ago(OUTBOX_SENT_RETENTION_MS - 1) },
        {
          ...message,
          subject: 'old pending',
          status: 'pending',
          createdAt: ago(OUTBOX_SENT_RETENTION_MS * 2),
        },
        { ...message, subject: 'old failed', status: 'failed', createdAt: ago(OUTBOX_SENT_RETENTION_MS * 2) },
      ]);
    expect((await t.app.housekeeping.runOnce()).sentEmail).toBe(1);
    const subjects = (await db().select({ subject: outboxMessages.subject }).from(outboxMessages))
      .map((row) => row.subject)
      .sort();
    expect(subjects).toEqual(['old failed', 'old pending', 'recent sent']);
  });

  it('deletes step-ups a day old and expired passkey challenges, and keeps live ones', async () => {
    const now = t.clock.now();
    const stepUp = (createdAt: Date) => ({
      userId: alice.userId,
      sessionHash: 'h'.repeat(64),
      fingerprint: 'f'.repeat(64),
      method: 'email' as const,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 5 * 60_000),
    });
    const [old] = await db()
      .insert(stepUps)
      .values(stepUp(ago(STEP_UP_RETENTION_MS + 1)))
      .returning({ id: stepUps.id });
    const [recent] = await db()
      .insert(stepUps)
      .values(stepUp(ago(STEP_UP_RETENTION_MS - 60_000)))
      .returning({ id: stepUps.id });
    const challenge = (expiresAt: Date) => ({
      purpose: 'sign_in' as const,
      challenge: 'c'.repeat(43),
      bindingHash: 'b'.repeat(64),
      createdAt: new Date(expiresAt.getTime() - 5 * 60_000),
      expiresAt,
    });
    const [expired] = await db()
      .insert(webauthnChallenges)
      .values(challenge(ago(1)))
      .returning({ id: webauthnChallenges.id });
    const [live] = await db()
      .insert(webauthnChallenges)
      .values(challenge(new Date(now.getTime() + 60_000)))
      .returning({ id: webauthnChallenges.id });

    const result = await t.app.housekeeping.runOnce();
    expect(result.stepUps).toBe(1);
    expect(result.webauthnChallenges).toBe(1);
    const stepUpIds = (await db().select({ id: stepUps.id }).from(stepUps)).map((r) => r.id);
    expect(stepUpIds).toContain(recent!.id);
    expect(stepUpIds).not.toContain(old!.id);
    const challengeIds = (await db().select({ id: webauthnChallenges.id }).from(webauthnChallenges)).map(
      (r) => r.id,
    );
    expect(challengeIds).toContain(live!.id);
    expect(challengeIds).not.toContain(expired!.id);
  });

  it('deletes the development mailbox’s mail after a week', async () => {
    await db().delete(mailboxMessages);
    const mail = { fromAddress: 'bank@example.test', toEmail: 'a@example.test', html: '<p>h</p>', text: 't' };
    await db()
      .insert(mailboxMessages)
      .values([
        { ...mail, subject: 'old', createdAt: ago(MAILBOX_RETENTION_MS + 1) },
        { ...mail, subject: 'new', createdAt: ago(MAILBOX_RETENTION_MS - 1) },
      ]);
    expect((await t.app.housekeeping.runOnce()).mailbox).toBe(1);
    const left = await db().select({ subject: mailboxMessages.subject }).from(mailboxMessages);
    expect(left).toEqual([{ subject: 'new' }]);
  });

  it('deletes login throttles only when idle long enough that they count as none', async () => {
    await db().delete(loginThrottles);
    const idle = ago(LOGIN_THROTTLE_IDLE_MS + 1);
    await db()
      .insert(loginThrottles)
      .values([
        { key: 'ip:idle', failures: 3, windowStartedAt: idle, updatedAt: idle },
        { key: 'ip:recent', failures: 3, windowStartedAt: ago(1_000), updatedAt: ago(1_000) },
        {
          key: 'acct:still-locked',
          failures: 9,
          windowStartedAt: idle,
          updatedAt: idle,
          lockedUntil: new Date(t.clock.now().getTime() + LOCK_MAX_MS),
        },
      ]);
    expect((await t.app.housekeeping.runOnce()).loginThrottles).toBe(1);
    const keys = (await db().select({ key: loginThrottles.key }).from(loginThrottles))
      .map((row) => row.key)
      .sort();
    expect(keys).toEqual(['acct:still-locked', 'ip:recent']);
  });

  it('drains a backlog larger than one batch, shared by two instances running at once', async () => {
    await db().delete(idempotencyKeys);
    const backlog = HOUSEKEEPING_BATCH_ROWS * 2 + 7;
    await db().execute(sql`
      insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at, expires_at)
      select 'bulk', 'k' || n, 'h', 201, '{}'::jsonb, ${ago(IDEMPOTENCY_KEY_TTL_MS * 2).toISOString()}::timestamptz,
        ${ago(1).toISOString()}::timestamptz
      from generate_series(1, ${backlog}) as n
    `);
    const other = createHousekeeping({
      db: db(),
      clock: t.clock,
      logger: { info: () => undefined, error: () => undefined },
      mailbox: false,
    });
    const [a, b] = await Promise.all([t.app.housekeeping.runOnce(), other.runOnce()]);
    expect(a.idempotencyKeys + b.idempotencyKeys).toBe(backlog);
    expect(await db().select().from(idempotencyKeys)).toEqual([]);
  });
});
