import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCHEDULED_OCCURRENCES_MAX,
  SCHEDULED_SERIES_ACTIVE_MAX,
  errorCatalogue,
  type ScheduledTransfer,
} from '@larkspur/contract';
import {
  auditLog,
  outboxMessages,
  scheduledTransferRuns,
  scheduledTransfers,
  transactionRecords,
} from '../../db/schema/index';
import { balanceOf, credit, transfer } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  sessionCookie,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { withStepUp, type Payer } from '../../test/step-up';
import { buildTestApp, buildTwoInstances, type TestApp } from '../../test/test-app';
import { SCHEDULED_CLAIM_LEASE_MS, occurrenceKey } from './scheduler';

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: { email: string; password: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t.close();
});

/** The ManualClock starts on 2026-01-15 at 12:00 UTC; each test moves it on, never back. */
const dayAfter = (days: number) =>
  new Date(t.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Moves the clock to 00:30 UTC of `day` (a scheduled payment's day has begun). */
function moveTo(day: string): void {
  const target = new Date(`${day}T00:30:00.000Z`).getTime();
  const now = t.clock.now().getTime();
  if (target > now) t.clock.advanceMs(target - now);
}

let adminCookie: string | null = null;
/** An admin credit, signing the admin in again only when the clock's jumps ended the session. */
async function creditAs(userId: string, amount: string): Promise<void> {
  try {
    adminCookie ??= await loginAdmin(t, admin.email, admin.password);
    await credit(t, adminCookie, userId, amount);
  } catch {
    adminCookie = await loginAdmin(t, admin.email, admin.password);
    await credit(t, adminCookie, userId, amount);
  }
}

async function funded(amount: string): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t);
  if (amount !== '0.00') await creditAs(customer.userId, amount);
  return customer;
}

/** A fresh session for a customer whose session the clock's jumps have expired (trusted browser). */
async function relogin(customer: SignedUpCustomer): Promise<SignedUpCustomer> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...JSON_HEADERS, cookie: customer.browser },
    payload: { accountNumber: customer.accountNumber, password: customer.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...customer, cookie: sessionCookie(res) };
}

const transferTo = (recipientAccount: string, amount = '10.00') => ({
  type: 'Local Transfer',
  recipientAccount,
  recipientName: 'Payee',
  // Not the holder's name: a no match, accepted as the name check asks (decision 0155).
  confirmPayeeRisk: true,
  purpose: 'Rent',
  amount,
});

/** A series as the customer creates it, step-up and all (decision 0220). */
function create(
  from: Payer,
  transfer: Record<string, unknown>,
  schedule: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return withStepUp(t, from, transfer, headers, (sent) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/scheduled-transfers',
      headers: { ...JSON_HEADERS, cookie: from.cookie, ...sent },
      payload: { transfer, schedule },
    }),
  );
}

async function created(
  from: SignedUpCustomer,
  transfer: Record<string, unknown>,
  schedule: Record<string, unknown>,
): Promise<ScheduledTransfer> {
  const res = await create(from, transfer, schedule);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ScheduledTransfer;
}

const cancel = (from: Pick<SignedUpCustomer, 'cookie'>, id: string | undefined) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/me/scheduled-transfers/${id ?? ''}`,
    headers: { origin: JSON_HEADERS.origin, 'x-larkspur-request': '1', cookie: from.cookie },
  });

const list = (from: Pick<SignedUpCustomer, 'cookie'>, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/me/scheduled-transfers${query}`,
    headers: { cookie: from.cookie },
  });

const runsOf = (seriesId: string) =>
  t.database.db
    .select()
    .from(scheduledTransferRuns)
    .where(eq(scheduledTransferRuns.seriesId, seriesId))
    .orderBy(asc(scheduledTransferRuns.occurrence));

const debitsOf = (userId: string) =>
  t.database.db
    .select()
    .from(transactionRecords)
    .where(and(eq(transactionRecords.userId, userId), eq(transactionRecords.direction, 'debit')));

const seriesRow = async (id: string) =>
  (await t.database.db.select().from(scheduledTransfers).where(eq(scheduledTransfers.id, id)))[0];

describe('a monthly series', () => {
  it('pays on the 31st, then the last day of February, then the 31st again, once each, and ends', async () => {
    const payer = await funded('1000.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '25.00'), {
      frequency: 'monthly',
      startOn: '2026-01-31',
      count: 3,
    });
    expect(series).toMatchObject({ status: 'active', nextRunOn: '2026-01-31', occurrenceTotal: 3 });

    // Not due yet: nothing moves.
    expect((await t.app.scheduler.runOnce()).paid).toBe(0);
    for (const day of ['2026-01-31', '2026-02-28', '2026-03-31']) {
      moveTo(day);
      expect((await t.app.scheduler.runOnce()).paid, day).toBeGreaterThanOrEqual(1);
      // A second pass the same day finds nothing of this series to pay.
      await t.app.scheduler.runOnce();
    }
    moveTo('2026-06-30');
    await t.app.scheduler.runOnce();

    const runs = await runsOf(series.id);
    expect(runs.map((run) => [run.occurrence, run.dueOn, run.status])).toEqual([
      [1, '2026-01-31', 'succeeded'],
      [2, '2026-02-28', 'succeeded'],
      [3, '2026-03-31', 'succeeded'],
    ]);
    expect(runs.every((run) => run.transactionId?.startsWith('TRF'))).toBe(true);
    expect(await debitsOf(payer.userId)).toHaveLength(3);
    expect(await seriesRow(series.id)).toMatchObject({ status: 'finished', nextRunOn: null });
    const again = await relogin(payer);
    expect(await balanceOf(t, again)).toBe('925.00');
    const listed = (await list(again, '?status=all')).json().items as ScheduledTransfer[];
    expect(listed.find((s) => s.id === series.id)).toMatchObject({
      status: 'finished',
      nextRunOn: null,
      recentRuns: [{ occurrence: 3 }, { occurrence: 2 }, { occurrence: 1 }],
    });
    // The active list (the default) no longer shows it.
    expect(((await list(again)).json().items as ScheduledTransfer[]).map((s) => s.id)).not.toContain(
      series.id,
    );
  });

  it('catches up after a long outage: every missed payment is made, none twice', async () => {
    const payer = await funded('1000.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '5.00'), {
      frequency: 'weekly',
      startOn: dayAfter(1),
      count: 4,
    });
    t.clock.advanceMs(40 * DAY_MS);
    await t.app.scheduler.runOnce();
    expect((await runsOf(series.id)).map((run) => run.occurrence)).toEqual([1, 2, 3, 4]);
    expect(await debitsOf(payer.userId)).toHaveLength(4);
  });
});

describe('creating: the transfer rules, in the spec words, and the limits', () => {
  let payer: SignedUpCustomer;
  let payee: SignedUpCustomer;
  beforeAll(async () => {
    payer = await funded('100.00');
    payee = await funded('0.00');
  });
  const once = () => ({ frequency: 'once', startOn: dayAfter(3) });

  it.each([
    ['0', 'INVALID_TRANSFER_AMOUNT'],
    ['-5.00', 'INVALID_TRANSFER_AMOUNT'],
    ['abc', 'INVALID_TRANSFER_AMOUNT'],
    ['10000000000000.00', 'INVALID_TRANSFER_AMOUNT'],
  ] as const)('refuses the amount %s', async (amount, code) => {
    const res = await create(payer, transferTo(payee.accountNumber, amount), once());
    expect(res.statusCode).toBe(errorCatalogue[code].status);
    expect(res.json().error).toMatchObject({ code, message: errorCatalogue[code].message });
  });

  it('refuses an international transfer: it is converted at the rate of the day it is sent', async () => {
    const res = await create(
      payer,
      {
        type: 'International Transfer',
        recipientAccount: 'DE89370400440532013000',
        recipientName: 'Hans Muster',
        purpose: 'Rent',
        amount: '10.00',
        internationalDetails: {
          recipientFullName: 'Hans Muster',
          recipientBank: 'Commerzbank',
          swiftBic: 'COBADEFF',
          country: 'DE',
          currency: 'EUR',
        },
        fxQuote: { foreignAmount: '9.00', rateId: '1' },
      },
      once(),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('SCHEDULED_INTERNATIONAL_UNSUPPORTED');
  });

  it('refuses an unknown recipient and oneself with the spec messages', async () => {
    const unknown = await create(payer, transferTo('40900000001'), once());
    expect(unknown.json().error.message).toBe('Recipient account number not found.');
    const self = await create(payer, transferTo(payer.accountNumber), once());
    expect(self.json().error.message).toBe('You cannot send money to your own account.');
  });

  it('accepts a payment larger than today’s balance: funds are judged on the day', async () => {
    const res = await create(payer, transferTo(payee.accountNumber, '5000.00'), once());
    expect(res.statusCode, res.body).toBe(201);
    await cancel(payer, res.json().id);
  });

  it('refuses a start in the past or more than a year ahead, an end before the start, too many payments', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: 'once', startOn: dayAfter(-1) }, 'SCHEDULED_START_INVALID'],
      [{ frequency: 'once', startOn: dayAfter(400) }, 'SCHEDULED_START_INVALID'],
      [{ frequency: 'monthly', startOn: dayAfter(10), endOn: dayAfter(5) }, 'SCHEDULED_END_INVALID'],
      [{ frequency: 'monthly', startOn: dayAfter(10), endOn: dayAfter(6 * 366) }, 'SCHEDULED_END_INVALID'],
      [
        { frequency: 'weekly', startOn: dayAfter(1), endOn: dayAfter(5 * 365) },
        'SCHEDULED_TOO_MANY_OCCURRENCES',
      ],
    ];
    for (const [schedule, code] of cases) {
      const res = await create(payer, transferTo(payee.accountNumber), schedule);
      expect(res.json().error?.code, JSON.stringify(schedule)).toBe(code);
    }
  });

  it('refuses wrong types, over-long text and unknown fields with a 400, never a 5xx', async () => {
    const bad: [Record<string, unknown>, Record<string, unknown>][] = [
      [transferTo(payee.accountNumber), { frequency: 'weekly', startOn: dayAfter(1), count: '3' }],
      [
        transferTo(payee.accountNumber),
        { frequency: 'weekly', startOn: dayAfter(1), count: SCHEDULED_OCCURRENCES_MAX + 1 },
      ],
      [transferTo(payee.accountNumber), { frequency: 'daily', startOn: dayAfter(1), count: 2 }],
      [transferTo(payee.accountNumber), { frequency: 'once', startOn: '2026-02-30' }],
      [transferTo(payee.accountNumber), { frequency: 'once', startOn: 20260301 }],
      [{ ...transferTo(payee.accountNumber), purpose: 'x'.repeat(141) }, once()],
      [{ ...transferTo(payee.accountNumber), amount: 10 }, once()],
      [transferTo(payee.accountNumber), { ...once(), extra: true }],
    ];
    for (const [transfer, schedule] of bad) {
      const res = await create(payer, transfer, schedule);
      expect(res.statusCode, JSON.stringify({ transfer, schedule })).toBe(400);
    }
  });

  it('allows SCHEDULED_SERIES_ACTIVE_MAX active series, even when the last two are asked for at once', async () => {
    // A payee paid before needs no step-up: twenty in a minute would meet the review step's own
    // request limit, which is not what this test is about (decision 0220).
    const busy = await funded('1.00');
    expect(
      (await transfer(t, busy, { recipientAccount: payee.accountNumber, amount: '1.00' })).statusCode,
    ).toBe(201);
    for (let i = 0; i < SCHEDULED_SERIES_ACTIVE_MAX - 1; i += 1)
      await created(busy, transferTo(payee.accountNumber), once());
    const [a, b] = await Promise.all([
      create(busy, transferTo(payee.accountNumber), once()),
      create(busy, transferTo(payee.accountNumber), once()),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(refused.json().error.message).toBe(errorCatalogue.SCHEDULED_TRANSFERS_LIMIT.message);
    // Cancelling one frees a place.
    const first = ((await list(busy)).json().items as ScheduledTransfer[])[0];
    await cancel(busy, first?.id);
    expect((await create(busy, transferTo(payee.accountNumber), once())).statusCode).toBe(201);
  });

  it('creates once per Idempotency-Key: a replay answers the same series', async () => {
    const key = crypto.randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await create(payer, transferTo(payee.accountNumber), once(), headers);
    const replay = await create(payer, transferTo(payee.accountNumber), once(), headers);
    expect(first.statusCode).toBe(201);
    expect(replay.json().id).toBe(first.json().id);
  });

  it('writes an audit row for the creation and the cancellation', async () => {
    const series = await created(payer, transferTo(payee.accountNumber), once());
    await cancel(payer, series.id);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, series.id));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'scheduled_transfer.cancel',
      'scheduled_transfer.create',
    ]);
    expect(rows.every((row) => row.actorId === payer.userId)).toBe(true);
  });
});

describe('another customer, a guest', () => {
  it('cannot see, change or cancel someone else’s series (404, as if it did not exist)', async () => {
    const owner = await funded('0.00');
    const other = await funded('0.00');
    const series = await created(owner, transferTo(other.accountNumber), {
      frequency: 'once',
      startOn: dayAfter(5),
    });
    const asOther = { ...JSON_HEADERS, cookie: other.cookie };
    const del = await cancel(other, series.id);
    expect(del.statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/me/scheduled-transfers/${series.id}`,
      headers: asOther,
      payload: { amount: '999.00' },
    });
    expect(patch.statusCode).toBe(404);
    expect(
      ((await list(other, '?status=all')).json().items as ScheduledTransfer[]).map((s) => s.id),
    ).not.toContain(series.id);
    expect(await seriesRow(series.id)).toMatchObject({ status: 'active', amountCents: 1000n });
    const guest = await t.app.inject({ method: 'GET', url: '/api/me/scheduled-transfers' });
    expect(guest.statusCode).toBe(401);
  });

  it('answers a forged page cursor with a 400', async () => {
    const customer = await funded('0.00');
    const res = await list(customer, '?cursor=not-a-cursor');
    expect(res.statusCode).toBe(400);
  });
});

describe('a refused payment', () => {
  it('is recorded as failed with the reason, the customer is emailed, and the series goes on', async () => {
    const payer = await funded('0.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '40.00'), {
      frequency: 'weekly',
      startOn: dayAfter(1),
      count: 2,
    });
    moveTo(dayAfter(1));
    await t.app.scheduler.runOnce();
    const [failed] = await runsOf(series.id);
    expect(failed).toMatchObject({ occurrence: 1, status: 'failed', errorMessage: 'Insufficient funds.' });
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.toEmail, payer.email), eq(outboxMessages.template, 'scheduled-payment-failed')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Insufficient funds.');
    expect(mails[0]?.text).toContain('$40.00');
    // The next payment is still to come, and is made once the money is there.
    expect(await seriesRow(series.id)).toMatchObject({ status: 'active', nextOccurrence: 2 });
    await creditAs(payer.userId, '100.00');
    moveTo(dayAfter(7));
    await t.app.scheduler.runOnce();
    expect((await runsOf(series.id)).map((run) => run.status)).toEqual(['failed', 'succeeded']);
    expect(await debitsOf(payer.userId)).toHaveLength(1);
    const runAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, series.id), eq(auditLog.action, 'scheduled_transfer.run')));
    expect(runAudit.map((row) => row.outcome).sort()).toEqual(['failure', 'success']);
    // A second pass neither emails again nor pays again.
    await t.app.scheduler.runOnce();
    expect(await debitsOf(payer.userId)).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('a claim killed after the payment is retried when its lease runs out, and pays nothing twice', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '10.00'), {
      frequency: 'once',
      startOn: dayAfter(1),
    });
    moveTo(dayAfter(1));
    const claim = await t.app.scheduler.claimDue(t.clock.now());
    expect(claim?.series.id).toBe(series.id);
    // The instance pays, then dies before its bookkeeping.
    if (!claim) throw new Error('no claim');
    expect((await t.app.scheduler.pay(claim)).kind).toBe('paid');
    // Within the lease nobody else touches it.
    expect(await t.app.scheduler.claimDue(t.clock.now())).toBeNull();
    t.clock.advanceMs(SCHEDULED_CLAIM_LEASE_MS + 1000);
    expect((await t.app.scheduler.runOnce()).paid).toBe(1);
    expect(await debitsOf(payer.userId)).toHaveLength(1);
    const runs = await runsOf(series.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.transactionId).toMatch(/^TRF/);
    expect(await seriesRow(series.id)).toMatchObject({ status: 'finished', claimToken: null });
    // The dead instance's late bookkeeping changes nothing.
    expect(await t.app.scheduler.finish(claim, { kind: 'paid', transactionId: null })).toBe(false);
  });

  it('a claim killed before the payment is paid by the next instance', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '10.00'), {
      frequency: 'once',
      startOn: dayAfter(1),
    });
    moveTo(dayAfter(1));
    expect((await t.app.scheduler.claimDue(t.clock.now()))?.series.id).toBe(series.id);
    t.clock.advanceMs(SCHEDULED_CLAIM_LEASE_MS + 1000);
    await t.app.scheduler.runOnce();
    expect(await runsOf(series.id)).toHaveLength(1);
    expect(await debitsOf(payer.userId)).toHaveLength(1);
  });

  it('pays once even when its idempotency key has expired: the run row refuses a second payment', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '10.00'), {
      frequency: 'once',
      startOn: dayAfter(1),
    });
    moveTo(dayAfter(1));
    const claim = await t.app.scheduler.claimDue(t.clock.now());
    if (!claim) throw new Error('no claim');
    await t.app.scheduler.pay(claim);
    // Every instance was down for two days: the key's 24 hours are over.
    t.clock.advanceMs(2 * DAY_MS);
    await t.app.scheduler.runOnce();
    expect(await debitsOf(payer.userId)).toHaveLength(1);
    expect(await seriesRow(series.id)).toMatchObject({ status: 'finished' });
  });

  it('a series cancelled while its payment is claimed pays nothing', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '10.00'), {
      frequency: 'monthly',
      startOn: dayAfter(1),
      count: 5,
    });
    moveTo(dayAfter(1));
    const claim = await t.app.scheduler.claimDue(t.clock.now());
    if (!claim) throw new Error('no claim');
    const again = await relogin(payer);
    // Changing the amount under a payment in flight is refused; cancelling is not.
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/me/scheduled-transfers/${series.id}`,
      headers: { ...JSON_HEADERS, cookie: again.cookie },
      payload: { amount: '20.00' },
    });
    expect(patch.json().error?.code).toBe('SCHEDULED_TRANSFER_BUSY');
    const cancelled = await cancel(again, series.id);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextRunOn: null });
    expect((await t.app.scheduler.pay(claim)).kind).toBe('ended');
    await t.app.scheduler.finish(claim, { kind: 'ended' });
    expect(await debitsOf(payer.userId)).toHaveLength(0);
    expect(await runsOf(series.id)).toHaveLength(0);
    // Cancelling twice: the second is told it has ended.
    const twice = await cancel(again, series.id);
    expect(twice.json().error?.code).toBe('SCHEDULED_TRANSFER_ENDED');
  });

  it('the occurrence key cannot be sent by a client (":" is outside the header alphabet)', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: {
        ...JSON_HEADERS,
        cookie: payer.cookie,
        'idempotency-key': occurrenceKey(crypto.randomUUID(), 1),
      },
      payload: transferTo(payee.accountNumber),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('editing', () => {
  it('changes the amount and purpose of the payments still to come, audited', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '10.00'), {
      frequency: 'once',
      startOn: dayAfter(2),
    });
    // A new amount to a payee not yet paid is stepped up, as the customer's edit is (decision 0220).
    const changed = { ...transferTo(payee.accountNumber, '12.50'), purpose: 'Gym' };
    const res = await withStepUp(t, payer, changed, {}, (headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/me/scheduled-transfers/${series.id}`,
        headers: { ...JSON_HEADERS, cookie: payer.cookie, ...headers },
        payload: { amount: '12.50', purpose: 'Gym' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: '12.50', purpose: 'Gym' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/me/scheduled-transfers/${series.id}`,
      headers: { ...JSON_HEADERS, cookie: payer.cookie },
      payload: { amount: '0.00' },
    });
    expect(bad.json().error.message).toBe('Invalid transfer amount.');
    moveTo(dayAfter(2));
    await t.app.scheduler.runOnce();
    const [debit] = await debitsOf(payer.userId);
    expect(debit).toMatchObject({ amountCents: 1250n, purpose: 'Gym' });
  });
});

describe('changing the date (issue 28 item 10, decision 0202)', () => {
  const patch = (from: Pick<SignedUpCustomer, 'cookie'>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/me/scheduled-transfers/${id}`,
      headers: { ...JSON_HEADERS, cookie: from.cookie },
      payload,
    });

  it('moves a one-off payment to another day, which is when it is paid; audited', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '7.00'), {
      frequency: 'once',
      startOn: dayAfter(2),
    });
    const later = dayAfter(5);
    const res = await patch(payer, series.id, { startOn: later });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      startOn: later,
      nextRunOn: later,
      amount: '7.00',
      occurrenceTotal: 1,
    });
    // Its old day passes without a payment; its new day pays it once.
    moveTo(dayAfter(2));
    await t.app.scheduler.runOnce();
    expect(await debitsOf(payer.userId)).toHaveLength(0);
    moveTo(later);
    await t.app.scheduler.runOnce();
    expect(await debitsOf(payer.userId)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, series.id), eq(auditLog.action, 'scheduled_transfer.update')));
    expect(audit[0]?.details).toMatchObject({
      before: { startOn: series.startOn },
      after: { startOn: later },
    });
  });

  it('moves a repeating series before its first payment; keeps its number of payments', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const series = await created(payer, transferTo(payee.accountNumber, '1.00'), {
      frequency: 'weekly',
      startOn: dayAfter(1),
      count: 3,
    });
    const res = await patch(payer, series.id, { startOn: dayAfter(3) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startOn: dayAfter(3), nextRunOn: dayAfter(3), occurrenceTotal: 3 });
  });

  it('refuses a past day, one more than a year ahead, a day after the end date, and a series already paying', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const once = await created(payer, transferTo(payee.accountNumber, '1.00'), {
      frequency: 'once',
      startOn: dayAfter(2),
    });
    const past = await patch(payer, once.id, { startOn: dayAfter(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      code: 'SCHEDULED_START_INVALID',
      message: errorCatalogue.SCHEDULED_START_INVALID.message,
    });
    expect((await patch(payer, once.id, { startOn: dayAfter(400) })).json().error.code).toBe(
      'SCHEDULED_START_INVALID',
    );
    expect((await patch(payer, once.id, { startOn: '2027-02-30' })).statusCode).toBe(400);
    const until = await created(payer, transferTo(payee.accountNumber, '1.00'), {
      frequency: 'monthly',
      startOn: dayAfter(1),
      endOn: dayAfter(40),
    });
    expect((await patch(payer, until.id, { startOn: dayAfter(41) })).json().error.code).toBe(
      'SCHEDULED_END_INVALID',
    );
    // Once a payment of the series was made, its days are fixed: the date is refused, nothing changes.
    moveTo(dayAfter(1));
    await t.app.scheduler.runOnce();
    const started = await patch(await relogin(payer), until.id, { startOn: dayAfter(3), amount: '2.00' });
    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe('SCHEDULED_DATE_FIXED');
    expect((await seriesRow(until.id))?.amountCents).toBe(100n);
    // Another customer cannot move it either.
    const mallory = await funded('0.00');
    expect((await patch(mallory, once.id, { startOn: dayAfter(3) })).statusCode).toBe(404);
    expect((await seriesRow(once.id))?.startOn).toBe(once.startOn);
  });
});

describe('two schedulers racing', () => {
  it('pay every due occurrence exactly once', async () => {
    // The race is the schedulers', over series created before it; twelve creations in a row on a
    // second app would each need a step-up and its code throttle (decision 0220).
    const { t: first, second, close } = await buildTwoInstances({ STEP_UP_PAYMENTS: 'off' });
    try {
      const adm = await createAdmin(first);
      const adminCookie = await loginAdmin(first, adm.email, adm.password);
      const payee = await signUpCustomer(first);
      const payers: SignedUpCustomer[] = [];
      const seriesIds: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const payer = await signUpCustomer(first);
        await credit(first, adminCookie, payer.userId, '1000.00');
        payers.push(payer);
        for (let j = 0; j < 3; j += 1) {
          const res = await first.app.inject({
            method: 'POST',
            url: '/api/me/scheduled-transfers',
            headers: { ...JSON_HEADERS, cookie: payer.cookie },
            payload: {
              transfer: transferTo(payee.accountNumber, '1.00'),
              schedule: { frequency: 'weekly', startOn: '2026-01-16', count: 3 },
            },
          });
          expect(res.statusCode, res.body).toBe(201);
          seriesIds.push(res.json().id as string);
        }
      }
      first.clock.advanceMs(30 * DAY_MS);
      // Both instances, several passes each, at once.
      await Promise.all([
        first.app.scheduler.runOnce(),
        second.scheduler.runOnce(),
        first.app.scheduler.runOnce(),
        second.scheduler.runOnce(),
      ]);
      await Promise.all([first.app.scheduler.runOnce(), second.scheduler.runOnce()]);
      const runs = await first.database.db.select().from(scheduledTransferRuns);
      const mine = runs.filter((run) => seriesIds.includes(run.seriesId));
      expect(mine).toHaveLength(seriesIds.length * 3);
      expect(new Set(mine.map((run) => `${run.seriesId}:${run.occurrence}`)).size).toBe(mine.length);
      expect(mine.every((run) => run.status === 'succeeded')).toBe(true);
      const credits = await first.database.db
        .select()
        .from(transactionRecords)
        .where(and(eq(transactionRecords.userId, payee.userId), eq(transactionRecords.direction, 'credit')));
      expect(credits).toHaveLength(seriesIds.length * 3);
    } finally {
      await close();
    }
  });
});

// Last in the file: it moves the clock days ahead and runs every series then due.
describe('the name check (decision 0155)', () => {
  it('checks the name as a transfer does: a no match needs the acceptance, which every payment carries', async () => {
    const payer = await funded('100.00');
    const payee = await funded('0.00');
    const once = () => ({ frequency: 'once', startOn: dayAfter(3) });
    const { confirmPayeeRisk: _accepted, ...unaccepted } = transferTo(payee.accountNumber);
    const refused = await create(payer, unaccepted, once());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'PAYEE_CHECK_NOT_CONFIRMED',
      message: errorCatalogue.PAYEE_CHECK_NOT_CONFIRMED.message,
    });
    // The holder's own name needs nothing; its payment is stored as a match.
    const matching = await created(payer, { ...unaccepted, recipientName: 'Jane Doe' }, once());
    const accepted = await created(payer, transferTo(payee.accountNumber), once());
    expect(await seriesRow(accepted.id)).toMatchObject({ payeeRiskAccepted: true });
    moveTo(dayAfter(3));
    await t.app.scheduler.runOnce();
    const checks = await t.database.db
      .select({ id: scheduledTransferRuns.seriesId, check: transactionRecords.payeeCheck })
      .from(scheduledTransferRuns)
      .innerJoin(
        transactionRecords,
        eq(transactionRecords.transactionId, scheduledTransferRuns.transactionId),
      )
      .where(eq(transactionRecords.direction, 'debit'));
    expect(checks).toEqual(
      expect.arrayContaining([
        { id: matching.id, check: 'match' },
        { id: accepted.id, check: 'no_match' },
      ]),
    );
  });
});
