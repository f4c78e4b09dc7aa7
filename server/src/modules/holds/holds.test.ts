import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, randomMicrLine, type AdminHold, type MovementResponse } from '@larkspur/contract';
import { accounts, depositHolds, outboxMessages } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { checkPhoto, checkMicr, checkPhotos } from '../../test/check-images';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { verifyLedger } from '../ledger/verify';

/**
 * Issue 13 point 1: a deposited check is held, and held money cannot be spent — not by a transfer,
 * not by an admin debit, not in a race with the release job or a reviewer.
 */
let t: TestApp;
let adminCookie: string;
let checkCounter = 5000;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 86_400_000;

async function customer(fundedWith = '0.00'): Promise<SignedUpCustomer> {
  const c = await signUpCustomer(t);
  if (fundedWith !== '0.00') await credit(t, adminCookie, c.userId, fundedWith);
  return c;
}

/** An account opened long ago: its deposits get the standard (not the new-account) schedule. */
async function ageAccount(c: SignedUpCustomer): Promise<void> {
  await t.database.db
    .update(accounts)
    .set({ createdAt: new Date(t.clock.now().getTime() - 365 * DAY_MS) })
    .where(eq(accounts.userId, c.userId));
}

async function deposit(c: SignedUpCustomer, amount: string, extra: Record<string, unknown> = {}) {
  checkCounter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: c.cookie },
    payload: {
      amount,
      checkNumber: String(checkCounter),
      ...(await checkPhotos()),
      ...checkMicr(),
      ...extra,
    },
  });
}

async function me(c: SignedUpCustomer): Promise<{ balance: string; availableBalance: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function holdOf(c: SignedUpCustomer) {
  const rows = await t.database.db.select().from(depositHolds).where(eq(depositHolds.userId, c.userId));
  return rows;
}

const adminPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, cookie: adminCookie }, payload });

async function expectLedgerClean(): Promise<void> {
  const { violations } = await verifyLedger(t.database.db);
  expect(violations).toEqual([]);
}

describe('a check deposit is held', () => {
  it('credits the balance but not the available balance, and says when the money is available', async () => {
    const alice = await customer();
    const res = await deposit(alice, '250.10');
    expect(res.statusCode).toBe(201);
    const body = res.json<MovementResponse>();
    expect(body.balance).toBe('250.10');
    expect(body.availableBalance).toBe('0.00');
    // A new account (opened today): the whole deposit waits seven business days.
    // The test clock is Thursday 2026-01-15 12:00 UTC → Monday 2026-01-26.
    expect(body.transaction.hold).toEqual({
      status: 'active',
      heldAmount: '250.10',
      availableAt: '2026-01-26T00:00:00.000Z',
    });
    expect(await me(alice)).toMatchObject({ balance: '250.10', availableBalance: '0.00' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions',
      headers: { cookie: alice.cookie },
    });
    expect(list.json().items[0].hold).toMatchObject({ status: 'active', heldAmount: '250.10' });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/me/transactions/${body.transaction.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(one.json().hold).toMatchObject({ status: 'active' });
    await expectLedgerClean();
  });

  it('refuses to transfer held money (the $49,000 wire of issue 13)', async () => {
    const alice = await customer('10.00');
    const bob = await customer();
    expect((await deposit(alice, '9000.00')).statusCode).toBe(201);
    const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '100.00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(res.json().error.message).toBe('Insufficient funds.');
    // What was available before the deposit still is.
    expect(
      (await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '10.00' })).statusCode,
    ).toBe(201);
    expect(await me(alice)).toMatchObject({ balance: '9000.00', availableBalance: '0.00' });
  });

  it('refuses an admin debit or withdrawal of held money', async () => {
    const alice = await customer('5.00');
    expect((await deposit(alice, '500.00')).statusCode).toBe(201);
    const debit = await adminPost(`/api/admin/users/${alice.userId}/debit`, {
      amount: '6.00',
      reason: 'Branch withdrawal',
    });
    expect(debit.statusCode).toBe(422);
    expect(debit.json().error.code).toBe('INSUFFICIENT_FUNDS_FOR_DEBIT');
    const record = await adminPost('/api/admin/transactions', {
      userId: alice.userId,
      direction: 'debit',
      amount: '6.00',
      counterpartyName: 'Somebody',
      reason: 'Manual record',
    });
    expect(record.statusCode).toBe(422);
    const ok = await adminPost(`/api/admin/users/${alice.userId}/debit`, { amount: '5.00', reason: 'Cash' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().availableBalance).toBe('0.00');
  });

  it('many transfers racing a deposit never spend held money', async () => {
    const alice = await customer('50.00');
    const bob = await customer();
    const results = await Promise.all([
      deposit(alice, '1000.00'),
      ...Array.from({ length: 8 }, () =>
        transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '20.00' }),
      ),
    ]);
    expect(results[0]?.statusCode).toBe(201);
    const sent = results.slice(1).filter((r) => r.statusCode === 201).length;
    expect(sent).toBe(2);
    expect(await me(alice)).toMatchObject({ balance: '1010.00', availableBalance: '10.00' });
    await expectLedgerClean();
  });
});

describe('the release job', () => {
  it('releases the first $225 the next business day and the rest after two, exactly once', async () => {
    const alice = await customer();
    await ageAccount(alice);
    const start = t.clock.now();
    expect((await deposit(alice, '1000.00')).statusCode).toBe(201);
    const available = async () => {
      const [row] = await t.database.db
        .select({ balance: accounts.balanceCents, held: accounts.heldCents })
        .from(accounts)
        .where(eq(accounts.userId, alice.userId));
      return row!.balance - row!.held;
    };
    expect(await available()).toBe(0n);
    try {
      // Thursday 12:00 → Friday 00:00: the first $225.
      t.clock.set(new Date('2026-01-16T00:00:00.000Z'));
      // Two instances at once: each hold is released once.
      await Promise.all([t.app.holdRelease.runOnce(), t.app.holdRelease.runOnce()]);
      expect(await available()).toBe(22_500n);
      await t.app.holdRelease.runOnce();
      expect(await available()).toBe(22_500n);
      // Saturday and Sunday are not business days: the rest comes on Monday.
      t.clock.set(new Date('2026-01-18T12:00:00.000Z'));
      await t.app.holdRelease.runOnce();
      expect(await available()).toBe(22_500n);
      t.clock.set(new Date('2026-01-19T00:00:00.000Z'));
      await Promise.all([t.app.holdRelease.runOnce(), t.app.holdRelease.runOnce()]);
      expect(await available()).toBe(100_000n);
      const [hold] = await holdOf(alice);
      expect(hold).toMatchObject({ status: 'released', releasedCents: 100_000n, nextReleaseAt: null });
      await expectLedgerClean();
    } finally {
      t.clock.set(start);
    }
  });

  it('a transfer racing the release spends only what is released', async () => {
    const alice = await customer();
    const bob = await customer();
    await ageAccount(alice);
    expect((await deposit(alice, '100.00')).statusCode).toBe(201);
    // Due now (as if its day had come).
    await t.database.db.execute(
      sql`update deposit_holds set release_schedule = jsonb_build_array(jsonb_build_object('at', ${t.clock.now().toISOString()}::text, 'cents', '10000')), next_release_at = ${t.clock.now()} where user_id = ${alice.userId}`,
    );
    const [released, ...sent] = await Promise.all([
      t.app.holdRelease.runOnce(),
      ...Array.from({ length: 3 }, () =>
        transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '40.00' }),
      ),
    ]);
    expect(released.released).toBe(1);
    const ok = sent.filter((r) => r.statusCode === 201).length;
    expect(sent.every((r) => r.statusCode === 201 || r.json().error.code === 'INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    const after = await me(alice);
    expect(after.balance).toBe((100 - 40 * ok).toFixed(2));
    expect(Number(after.availableBalance)).toBeGreaterThanOrEqual(0);
    await expectLedgerClean();
  });
});

describe('reviewers', () => {
  it('list the active holds with the customer, and can release one early — once', async () => {
    const alice = await customer();
    const dep = (await deposit(alice, '300.00')).json<MovementResponse>();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/holds?limit=100',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((h: AdminHold) => h.recordId === dep.transaction.id) as AdminHold;
    expect(item).toMatchObject({
      transactionId: dep.transaction.transactionId,
      userId: alice.userId,
      accountNumber: alice.accountNumber,
      amount: '300.00',
      heldAmount: '300.00',
      status: 'active',
      reviewerId: null,
    });
    const [a, b] = await Promise.all([
      adminPost(`/api/admin/holds/${item.id}/release`, { reason: 'Known payer' }),
      adminPost(`/api/admin/holds/${item.id}/release`, { reason: 'Known payer' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.message).toBe(errorCatalogue.HOLD_NOT_ACTIVE.message);
    expect(await me(alice)).toMatchObject({ balance: '300.00', availableBalance: '300.00' });
    const released = await t.app.inject({
      method: 'GET',
      url: '/api/admin/holds?status=released&limit=100',
      headers: { cookie: adminCookie },
    });
    expect(
      released.json().items.some((h: AdminHold) => h.id === item.id && h.reviewReason === 'Known payer'),
    ).toBe(true);
    await expectLedgerClean();
  });

  it('return a check: a Returned Check debit, an email, and two reviewers racing get one effect', async () => {
    const alice = await customer('20.00');
    await deposit(alice, '80.00');
    const [hold] = await holdOf(alice);
    const outboxBefore = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toEmail, alice.email));
    const [a, b] = await Promise.all([
      adminPost(`/api/admin/holds/${hold!.id}/return`, { reason: 'Account closed at payer bank' }),
      adminPost(`/api/admin/holds/${hold!.id}/return`, { reason: 'Account closed at payer bank' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = (a.statusCode === 200 ? a : b).json().hold as AdminHold;
    expect(won).toMatchObject({ status: 'returned', heldAmount: '0.00', returnedCollected: '80.00' });
    expect(won.returnedShortfall).toBe('0.00');
    expect(await me(alice)).toMatchObject({ balance: '20.00', availableBalance: '20.00' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/me/transactions',
      headers: { cookie: alice.cookie },
    });
    const items = list.json().items as { type: string }[];
    const returned = items.find((r) => r.type === 'Returned Check');
    const deposited = items.find((r) => r.type === 'Check Deposit');
    expect(returned).toMatchObject({
      type: 'Returned Check',
      direction: 'debit',
      amount: '80.00',
      hold: null,
    });
    expect(returned).toMatchObject({ transactionId: expect.stringMatching(/^WDL\d{13}/) });
    expect(deposited).toHaveProperty('hold');
    expect((deposited as unknown as MovementResponse['transaction']).hold).toMatchObject({
      status: 'returned',
      heldAmount: '0.00',
    });
    const outboxAfter = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toEmail, alice.email));
    const mail = outboxAfter.filter((m) => !outboxBefore.some((o) => o.id === m.id));
    expect(mail.map((m) => m.template)).toEqual(['returned-check']);
    // And releasing it afterwards is refused too.
    const late = await adminPost(`/api/admin/holds/${hold!.id}/release`, { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('HOLD_ALREADY_RETURNED');
    await expectLedgerClean();
  });

  it('returning a check already partly spent collects what the balance covers; the bank bears the rest', async () => {
    const alice = await customer('10.00');
    const bob = await customer();
    await deposit(alice, '500.00');
    const [hold] = await holdOf(alice);
    // A second check still on hold: returning the first must not spend it.
    await deposit(alice, '70.00');
    expect(
      (await adminPost(`/api/admin/holds/${hold!.id}/release`, { reason: 'Looked fine' })).statusCode,
    ).toBe(200);
    expect(
      (await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '450.00' })).statusCode,
    ).toBe(201);
    // Balance 130.00, of which 70.00 held: 60.00 available.
    const res = await adminPost(`/api/admin/holds/${hold!.id}/return`, {
      reason: 'Insufficient funds at payer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hold).toMatchObject({ returnedCollected: '60.00', returnedShortfall: '440.00' });
    expect(await me(alice)).toMatchObject({ balance: '70.00', availableBalance: '0.00' });
    const mail = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'returned-check'));
    expect(mail.some((m) => m.text.includes('$440.00') && m.toEmail === alice.email)).toBe(true);
    await expectLedgerClean();
  });

  it('page through the holds with a keyset cursor, each once; a forged cursor is a 400', async () => {
    const alice = await customer();
    for (let i = 0; i < 3; i += 1) await deposit(alice, '3.00');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { statusCode: number; json: () => { items: AdminHold[]; nextCursor: string | null } } =
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/holds?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers: { cookie: adminCookie },
        });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      seen.push(...body.items.map((h) => h.id));
      for (const h of body.items) expect(h.status).toBe('active');
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const active = await t.database.db
      .select({ id: depositHolds.id })
      .from(depositHolds)
      .where(eq(depositHolds.status, 'active'));
    expect(seen.sort()).toEqual(active.map((h) => h.id).sort());
    for (const forged of ['x', Buffer.from('["holds:active","9999-99-99","nope"]').toString('base64url')]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/holds?cursor=${forged}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('see the stored photos, private and not cached; a customer cannot', async () => {
    const alice = await customer();
    await deposit(alice, '12.00');
    const [hold] = await holdOf(alice);
    for (const side of ['front', 'back']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/holds/${hold!.id}/images/${side}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    }
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/admin/holds/${hold!.id}/images/front`,
      headers: { cookie: alice.cookie },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('deposit limits', () => {
  it('refuses a check over $10,000', async () => {
    const alice = await customer();
    const res = await deposit(alice, '10000.01');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'CHECK_AMOUNT_OVER_LIMIT',
      message: errorCatalogue.CHECK_AMOUNT_OVER_LIMIT.message,
    });
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
  });

  it('refuses more than $20,000 a day and $50,000 in 30 days', async () => {
    const alice = await customer();
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
    const day = await deposit(alice, '0.01');
    expect(day.statusCode).toBe(422);
    expect(day.json().error.code).toBe('CHECK_DAILY_LIMIT_EXCEEDED');
    // Move those two deposits to earlier days of the window, and add a third.
    await t.database.db.execute(
      sql`update deposit_holds set created_at = created_at - interval '3 days' where user_id = ${alice.userId}`,
    );
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update deposit_holds set created_at = created_at - interval '1 day' where user_id = ${alice.userId}`,
    );
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update deposit_holds set created_at = created_at - interval '1 day' where user_id = ${alice.userId}`,
    );
    expect((await deposit(alice, '10000.00')).statusCode).toBe(201);
    const window = await deposit(alice, '0.01');
    expect(window.statusCode).toBe(422);
    expect(window.json().error.code).toBe('CHECK_30_DAY_LIMIT_EXCEEDED');
  });

  it('refuses the same check (its MICR line), or the same photo, twice — also when raced', async () => {
    const alice = await customer();
    const photos = await checkPhotos();
    const micr = randomMicrLine('777');
    const [a, b] = await Promise.all([
      deposit(alice, '10.00', { ...micr, ...photos }),
      deposit(alice, '10.00', { ...micr, ...photos }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await deposit(alice, '10.00', { ...micr });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DUPLICATE_CHECK');
    const samePhoto = await deposit(alice, '10.00', { frontImage: photos.frontImage });
    expect(samePhoto.statusCode).toBe(409);
    expect(samePhoto.json().error.code).toBe('DUPLICATE_CHECK_IMAGE');
    const front = await checkPhoto();
    const bothSides = await deposit(alice, '10.00', { frontImage: front, backImage: front });
    expect(bothSides.json().error.code).toBe('DUPLICATE_CHECK_IMAGE');
    expect(await me(alice)).toMatchObject({ balance: '10.00' });
  });

  it('requires both photos', async () => {
    const alice = await customer();
    const photos = await checkPhotos();
    for (const payload of [
      { amount: '10.00', checkNumber: '1' },
      { amount: '10.00', checkNumber: '1', frontImage: photos.frontImage },
      { amount: '10.00', checkNumber: '1', backImage: photos.backImage },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits/check',
        headers: { ...JSON_HEADERS, cookie: alice.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await me(alice)).toMatchObject({ balance: '0.00' });
  });

  it('allows 10 deposits an hour, then answers 429', async () => {
    const alice = await customer();
    for (let i = 0; i < 10; i += 1) expect((await deposit(alice, '1.00')).statusCode).toBe(201);
    const res = await deposit(alice, '1.00');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(errorCatalogue.CHECK_DEPOSIT_RATE_LIMITED.message);
    // When the customer may try again (the counter's window, decision 0194).
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    t.clock.advanceMs(3_600_001);
    try {
      expect((await deposit(alice, '1.00')).statusCode).not.toBe(429);
    } finally {
      t.clock.advanceMs(-3_600_001);
    }
  });
});
