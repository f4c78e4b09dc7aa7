import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYEE_NEW_WINDOW_HOURS,
  PAYEES_PER_CUSTOMER_MAX,
  RECENT_RECIPIENTS_MAX,
  errorCatalogue,
  type Payee,
  type PayeePage,
  type RecentRecipient,
} from '@larkspur/contract';
import { auditLog, payees } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  latestCode,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { OTP_RESEND_INTERVAL_MS } from '../email/index';
import { RECENT_RECORDS_SCANNED } from './payee-service';

let t: TestApp;
let adminCookie: string;
let alice: SignedUpCustomer;
let bob: SignedUpCustomer;
let mallory: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-20T10:00:00.000Z'));
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  alice = await signUpCustomer(t, { firstName: 'Alice', surname: 'Archer' });
  bob = await signUpCustomer(t, { firstName: 'Bob', surname: 'Baker' });
  mallory = await signUpCustomer(t, { firstName: 'Mallory', surname: 'Mole' });
  await credit(t, adminCookie, alice.userId, '1000.00');
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: { cookie: string } | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    // A body-less request says no content type (an empty JSON body is a 400 of its own).
    headers: {
      ...(payload === undefined ? { origin: JSON_HEADERS.origin, 'x-larkspur-request': '1' } : JSON_HEADERS),
      ...(who ? { cookie: who.cookie } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const local = (account: string, name: string) => ({
  type: 'Local Transfer',
  recipientAccount: account,
  recipientName: name,
});
const international = {
  type: 'International Transfer',
  recipientAccount: 'DE89370400440532013000',
  recipientName: 'ignored: the details name the recipient',
  internationalDetails: {
    recipientFullName: 'Erika Mustermann',
    recipientBank: 'Deutsche Bank',
    swiftBic: 'deutdeff',
    country: 'DE',
    currency: 'EUR',
  },
};

describe('the payee book', () => {
  let saved: Payee;

  it('saves a domestic payee, audits it, and lists it', async () => {
    const res = await call('POST', '/api/me/payees', alice, {
      ...local(bob.accountNumber, '  Bob Baker '),
      nickname: 'Bob',
    });
    expect(res.statusCode, res.body).toBe(201);
    saved = res.json() as Payee;
    expect(saved).toMatchObject({
      nickname: 'Bob',
      type: 'Local Transfer',
      recipientAccount: bob.accountNumber,
      recipientName: 'Bob Baker',
      bankName: 'Larkspur Bank',
      routingNumber: null,
      internationalDetails: null,
      lastPaidAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, alice.userId), eq(auditLog.action, 'payee.create')));
    expect(audit).toHaveLength(1);
    const list = (await call('GET', '/api/me/payees', alice)).json() as PayeePage;
    expect(list).toMatchObject({ total: 1, max: PAYEES_PER_CUSTOMER_MAX, nextCursor: null });
    expect(list.items.map((p) => p.id)).toEqual([saved.id]);
  });

  it('keeps international details in the contract’s shape, the name and bank from them', async () => {
    const res = await call('POST', '/api/me/payees', alice, international);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      recipientName: 'Erika Mustermann',
      bankName: 'Deutsche Bank',
      // The IBAN is the account, normalised by the contract (decision 0164).
      recipientAccount: 'DE89370400440532013000',
      internationalDetails: { swiftBic: 'DEUTDEFF', country: 'DE', currency: 'EUR' },
    });
    const again = await call('POST', '/api/me/payees', alice, {
      ...international,
      recipientAccount: 'de89 3704 0044 0532 0130 00',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(errorCatalogue.PAYEE_ALREADY_SAVED.message);
    await call('DELETE', `/api/me/payees/${(res.json() as Payee).id}`, alice);
  });

  it('refuses a duplicate, oneself, and bad input with clear 4xx answers, never a 5xx', async () => {
    expect((await call('POST', '/api/me/payees', alice, local(bob.accountNumber, 'Robert'))).statusCode).toBe(
      409,
    );
    const self = await call('POST', '/api/me/payees', alice, local(alice.accountNumber, 'Me'));
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(errorCatalogue.SELF_TRANSFER.message);
    for (const bad of [
      {},
      local('', 'Name'),
      local(bob.accountNumber, ''),
      local(bob.accountNumber, 'N'.repeat(101)),
      local('4'.repeat(35), 'Name'),
      { ...local(bob.accountNumber, 'Name'), nickname: 'n'.repeat(51) },
      { ...local(bob.accountNumber, 'Name'), type: 'Teleport' },
      { ...local(bob.accountNumber, 'Name'), recipientName: 42 },
      { ...local(bob.accountNumber, 'Name'), extra: true },
      {
        type: 'Wire Transfer',
        recipientAccount: bob.accountNumber,
        recipientName: 'Bob',
        routingNumber: null,
      },
      // Decision 0206: a wire payee's routing number passes the ABA check digit, and its bank name
      // names the bank that routing number is (ours for ours, another for another's).
      {
        type: 'Wire Transfer',
        recipientAccount: '000123456789',
        recipientName: 'Dana Park',
        bankName: 'JPMorgan Chase',
        routingNumber: '021000022',
      },
      {
        type: 'Wire Transfer',
        recipientAccount: bob.accountNumber,
        recipientName: 'Bob',
        bankName: 'Larkspur Bank',
        routingNumber: '021000021',
      },
      { type: 'International Transfer', recipientAccount: 'X1', recipientName: 'Bob' },
      { ...international, internationalDetails: { ...international.internationalDetails, swiftBic: 'nope' } },
    ]) {
      const res = await call('POST', '/api/me/payees', alice, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const page = await call('GET', '/api/me/payees?limit=0', alice);
    expect(page.statusCode).toBe(400);
    const cursor = await call('GET', '/api/me/payees?cursor=garbage', alice);
    expect(cursor.statusCode).toBe(400);
  });

  it('edits a payee (all its details) and stamps it', async () => {
    t.clock.advanceMs(60_000);
    const res = await call('PATCH', `/api/me/payees/${saved.id}`, alice, {
      type: 'Wire Transfer',
      recipientAccount: bob.accountNumber,
      recipientName: 'Bob Baker',
      bankName: 'JPMorgan Chase',
      routingNumber: '021000021',
      nickname: 'Bob (wire)',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'Wire Transfer',
      routingNumber: '021000021',
      nickname: 'Bob (wire)',
      updatedAt: '2026-11-20T10:01:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('never shows, edits or deletes another customer’s payee (IDOR): a 404 like a missing one', async () => {
    const theirs = await call('GET', '/api/me/payees', mallory);
    expect((theirs.json() as PayeePage).items).toEqual([]);
    const edit = await call(
      'PATCH',
      `/api/me/payees/${saved.id}`,
      mallory,
      local(mallory.accountNumber + '9', 'Mule'),
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.message).toBe(errorCatalogue.PAYEE_NOT_FOUND.message);
    expect((await call('DELETE', `/api/me/payees/${saved.id}`, mallory)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/payees/${crypto.randomUUID()}`, alice)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/payees/not-a-uuid`, alice)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(payees).where(eq(payees.id, saved.id));
    expect(row?.recipientAccount).toBe(bob.accountNumber);
  });

  it('refuses guests on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/payees'],
      ['POST', '/api/me/payees'],
      ['PATCH', `/api/me/payees/${saved.id}`],
      ['DELETE', `/api/me/payees/${saved.id}`],
      ['GET', '/api/me/recent-recipients'],
    ] as const) {
      expect(
        (await call(method, url, null, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(401);
    }
  });

  it('shows when a payee was last paid', async () => {
    const sent = await transfer(
      t,
      alice,
      { recipientAccount: bob.accountNumber, amount: '5.00' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const list = (await call('GET', '/api/me/payees', alice)).json() as PayeePage;
    expect(list.items[0]?.lastPaidAt).toBe(t.clock.now().toISOString());
  });

  it('shows saving and changing a payee on the security page, in words', async () => {
    const res = await call('GET', '/api/me/security-events', alice);
    expect(res.statusCode).toBe(200);
    const kinds = (res.json() as { items: { kind: string; title: string }[] }).items.map((e) => e.title);
    expect(kinds).toEqual(expect.arrayContaining(['New payee added', 'Payee details changed']));
  });

  it('deletes a payee', async () => {
    const res = await call('DELETE', `/api/me/payees/${saved.id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(((await call('GET', '/api/me/payees', alice)).json() as PayeePage).total).toBe(0);
    expect((await call('DELETE', `/api/me/payees/${saved.id}`, alice)).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it(`pages by name and holds at most ${PAYEES_PER_CUSTOMER_MAX} payees, also when several are saved at once`, async () => {
    const owner = await signUpCustomer(t);
    for (let i = 0; i < PAYEES_PER_CUSTOMER_MAX - 2; i += 1) {
      const res = await call(
        'POST',
        '/api/me/payees',
        owner,
        local(`5000000${String(i).padStart(4, '0')}`, `Payee ${String(i).padStart(3, '0')}`),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    // Three at once for the last two places: exactly two are saved.
    const race = await Promise.all(
      [1, 2, 3].map((i) => call('POST', '/api/me/payees', owner, local(`6000000000${i}`, `Racer ${i}`))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    const over = race.find((r) => r.statusCode === 422);
    expect(over?.json().error.message).toBe(errorCatalogue.PAYEE_LIMIT_REACHED.message);
    expect(errorCatalogue.PAYEE_LIMIT_REACHED.message).toContain(String(PAYEES_PER_CUSTOMER_MAX));

    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/me/payees?limit=30${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call('GET', url, owner)).json() as PayeePage;
      names.push(...page.items.map((p) => p.recipientName));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(names).toHaveLength(PAYEES_PER_CUSTOMER_MAX);
    expect(new Set(names).size).toBe(PAYEES_PER_CUSTOMER_MAX);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  }, 60_000);
});

describe('recent recipients', () => {
  it(`lists at most ${RECENT_RECIPIENTS_MAX} distinct payees, newest first, from the customer’s own records only`, async () => {
    const payer = await signUpCustomer(t, { firstName: 'Pat', surname: 'Payer' });
    await credit(t, adminCookie, payer.userId, '500.00');
    const people = await Promise.all(
      Array.from({ length: RECENT_RECIPIENTS_MAX + 1 }, (_, i) =>
        signUpCustomer(t, { firstName: 'Recent', surname: `Person${'abcdefg'[i]}` }),
      ),
    );
    for (const person of [...people, people[0], people[0]]) {
      t.clock.advanceMs(1000);
      const res = await transfer(t, payer, { recipientAccount: person?.accountNumber, amount: '1.00' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await call('GET', '/api/me/recent-recipients', payer);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: RecentRecipient[] }).items;
    expect(items).toHaveLength(RECENT_RECIPIENTS_MAX);
    expect(items[0]?.recipientAccount).toBe(people[0]?.accountNumber);
    expect(new Set(items.map((i) => i.recipientAccount)).size).toBe(RECENT_RECIPIENTS_MAX);
    // Money received is nobody's recent recipient: the payees' own records list no one.
    const theirs = (await call('GET', '/api/me/recent-recipients', people[1] ?? payer)).json() as {
      items: unknown[];
    };
    expect(theirs.items).toEqual([]);
    expect(RECENT_RECORDS_SCANNED).toBeGreaterThanOrEqual(RECENT_RECIPIENTS_MAX);
  }, 60_000);
});

describe(`step-up: a payee saved or changed in the last ${PAYEE_NEW_WINDOW_HOURS} hours counts as new (decision 0157)`, () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({ env: { STEP_UP_PAYMENTS: 'on' } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('asks again after the payee was edited, and not once the window has passed', async () => {
    s.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    const admin = await createAdmin(s);
    const cookie = await loginAdmin(s, admin.email, admin.password);
    const payer = await signUpCustomer(s);
    const payee = await signUpCustomer(s, { firstName: 'Known', surname: 'Payee' });
    await credit(s, cookie, payer.userId, '100.00');
    const body = { ...local(payee.accountNumber, 'Known Payee'), amount: '1.00', purpose: 'Test' };
    const start = (k: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/transfers/step-up',
        headers: { ...JSON_HEADERS, cookie: payer.cookie },
        payload: { transfer: body, idempotencyKey: k },
      });
    // Never paid: new. Paid once, with the emailed code as the step-up, it is known.
    const firstKey = crypto.randomUUID();
    const first = await start(firstKey);
    expect(first.json()).toMatchObject({ required: true, reasons: ['new_payee'], method: 'email' });
    const verify = await s.app.inject({
      method: 'POST',
      url: '/api/transfers/step-up/verify',
      headers: { ...JSON_HEADERS, cookie: payer.cookie },
      payload: { challengeId: first.json().challengeId, code: await latestCode(s, payer.email) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const paid = await s.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: {
        ...JSON_HEADERS,
        cookie: payer.cookie,
        'idempotency-key': firstKey,
        'step-up-token': verify.json().token,
      },
      payload: body,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await start(crypto.randomUUID())).json()).toEqual({ required: false });

    // Saved to the book now: new again for PAYEE_NEW_WINDOW_HOURS, and the reason says so (issue
    // 28 item 9): the customer has paid them, so "not paid before" would be untrue.
    const saved = await s.app.inject({
      method: 'POST',
      url: '/api/me/payees',
      headers: { ...JSON_HEADERS, cookie: payer.cookie },
      payload: local(payee.accountNumber, 'Known Payee'),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // The next code to this address may go out only after the resend interval.
    s.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    expect((await start(crypto.randomUUID())).json()).toMatchObject({
      required: true,
      reasons: ['payee_added'],
    });
    // And the transfer itself is refused without the proof.
    const refused = await s.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_HEADERS, cookie: payer.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');

    // Once the window has passed (the save moved back, as a session would not last a day): known again.
    await s.database.db
      .update(payees)
      .set({ updatedAt: new Date(s.clock.now().getTime() - PAYEE_NEW_WINDOW_HOURS * 3_600_000 - 1000) })
      .where(eq(payees.userId, payer.userId));
    expect((await start(crypto.randomUUID())).json()).toEqual({ required: false });
    await s.database.db
      .update(payees)
      .set({ updatedAt: new Date(s.clock.now().getTime() - PAYEE_NEW_WINDOW_HOURS * 3_600_000 + 60_000) })
      .where(eq(payees.userId, payer.userId));
    s.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    expect((await start(crypto.randomUUID())).json()).toMatchObject({
      required: true,
      reasons: ['payee_added'],
    });

    // Saved long ago, changed now: the reason is the change.
    const old = new Date(s.clock.now().getTime() - 2 * PAYEE_NEW_WINDOW_HOURS * 3_600_000);
    await s.database.db
      .update(payees)
      .set({ createdAt: old, updatedAt: old })
      .where(eq(payees.userId, payer.userId));
    expect((await start(crypto.randomUUID())).json()).toEqual({ required: false });
    const changed = await s.app.inject({
      method: 'PATCH',
      url: `/api/me/payees/${saved.json().id}`,
      headers: { ...JSON_HEADERS, cookie: payer.cookie },
      payload: { ...local(payee.accountNumber, 'Known Payee'), nickname: 'Rent' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    s.clock.advanceMs(OTP_RESEND_INTERVAL_MS);
    const afterChange = (await start(crypto.randomUUID())).json();
    expect(afterChange).toMatchObject({ required: true, reasons: ['payee_changed'] });
    // The transfer itself is still refused without the proof, whichever reason fired.
    const refusedAgain = await s.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_HEADERS, cookie: payer.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: body,
    });
    expect(refusedAgain.json().error.code).toBe('STEP_UP_REQUIRED');
  }, 60_000);
});
