import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FX_RATE_MAX_AGE_MS,
  IBAN_INVALID_CHECKSUM_MESSAGE,
  IBAN_INVALID_LENGTH_MESSAGE,
  errorCatalogue,
  type AdminFxRate,
  type FxRatePage,
} from '@larkspur/contract';
import { auditLog, fxRates, outboxMessages, transactionRecords } from '../../db/schema/index';
import { balanceOf, credit, transfer } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { renderStoredEmail } from '../email/index';
import { verifyLedger } from '../ledger/verify';
import { postSeedRates } from './fx-rates';

let t: TestApp;
let admin: { userId: string; email: string; password: string };
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-24T09:00:00.000Z'));
  admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

function putRate(currency: string, usdPerUnit: unknown, cookie = adminCookie) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/fx-rates/${currency}`,
    headers: { ...JSON_HEADERS, cookie },
    payload: { usdPerUnit } as Record<string, unknown>,
  });
}

async function postRate(currency: string, usdPerUnit: string): Promise<AdminFxRate> {
  const res = await putRate(currency, usdPerUnit);
  if (res.statusCode !== 200) throw new Error(`put rate ${res.statusCode}: ${res.body}`);
  return res.json() as AdminFxRate;
}

async function rates(customer: SignedUpCustomer, query = ''): Promise<FxRatePage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/fx-rates${query}`,
    headers: { cookie: customer.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as FxRatePage;
}

async function funded(amount: string): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t);
  await credit(t, adminCookie, customer.userId, amount);
  return customer;
}

const details = (currency: string, overrides: Record<string, unknown> = {}) => ({
  recipientFullName: 'Lena Vogel',
  recipientBank: 'Commerzbank',
  swiftBic: 'COBADEFFXXX',
  country: 'DE',
  currency,
  ...overrides,
});

function sendAbroad(
  from: SignedUpCustomer,
  input: {
    currency: string;
    foreignAmount: string;
    amount: string;
    rateId: string | null;
    account?: string;
    details?: Record<string, unknown>;
  },
  headers: Record<string, string> = {},
) {
  return transfer(
    t,
    from,
    {
      type: 'International Transfer',
      recipientAccount: input.account ?? 'DE89 3704 0044 0532 0130 00',
      recipientName: 'Lena Vogel',
      bankName: 'Commerzbank',
      amount: input.amount,
      internationalDetails: details(input.currency, input.details),
      fxQuote: { foreignAmount: input.foreignAmount, rateId: input.rateId },
    },
    headers,
  );
}

async function expectLedgerClean() {
  const { violations } = await verifyLedger(t.database.db);
  expect(violations).toEqual([]);
}

describe('the posted rate table (issue 18)', () => {
  it('lets an admin post a rate, audited with the rate it replaces, and customers read it', async () => {
    const first = await postRate('EUR', '1.0832');
    expect(first).toMatchObject({ currency: 'EUR', usdPerUnit: '1.08320000', current: true });
    expect(first.postedAt).toBe('2026-11-24T09:00:00.000Z');
    const second = await postRate('eur', '1.09');
    expect(second.usdPerUnit).toBe('1.09000000');
    expect(BigInt(second.id)).toBeGreaterThan(BigInt(first.id));

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.fx_rate'))
      .orderBy(desc(auditLog.id));
    expect(audits[0]).toMatchObject({ actorId: admin.userId, subjectId: 'EUR', outcome: 'success' });
    expect(audits[0]?.details).toMatchObject({
      before: '1.08320000',
      after: '1.09000000',
      rateId: second.id,
    });
    expect(audits[1]?.details).toMatchObject({ before: null, after: '1.08320000' });

    const customer = await signUpCustomer(t);
    const page = await rates(customer);
    const eur = page.items.find((rate) => rate.currency === 'EUR');
    expect(eur).toEqual({
      id: second.id,
      currency: 'EUR',
      usdPerUnit: '1.09000000',
      postedAt: '2026-11-24T09:00:00.000Z',
      current: true,
    });
    // Who posted it is the back office's to know.
    expect(JSON.stringify(page)).not.toContain(admin.userId);
    const adminPage = await t.app.inject({
      method: 'GET',
      url: '/api/admin/fx-rates',
      headers: { cookie: adminCookie },
    });
    expect(adminPage.statusCode).toBe(200);
    expect(
      (adminPage.json() as { items: AdminFxRate[] }).items.find((r) => r.currency === 'EUR'),
    ).toMatchObject({ id: second.id, postedBy: expect.any(String) });
  });

  it('refuses a customer or a guest who tries to post a rate, and writes nothing', async () => {
    const customer = await signUpCustomer(t);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(fxRates);
    expect((await putRate('GBP', '1.27', customer.cookie)).statusCode).toBe(403);
    expect((await putRate('GBP', '1.27', '')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/fx-rates' })).statusCode).toBe(401);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(fxRates);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it.each([
    ['zero', '0'],
    ['negative', '-1.2'],
    ['an exponent', '1e3'],
    ['nine decimals', '1.123456789'],
    ['above the maximum', '100000.00000001'],
    ['a number, not a string', 1.08],
    ['text', 'abc'],
    ['over-long', '1'.repeat(500)],
  ])('refuses a rate that is %s with a clear 400', async (_label, value) => {
    const res = await putRate('GBP', value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('refuses a currency that is not ISO 4217, and US dollars, which need no rate', async () => {
    expect((await putRate('XYZ', '1.00')).statusCode).toBe(400);
    expect((await putRate('EUROS', '1.00')).statusCode).toBe(400);
    const usd = await putRate('USD', '1.00');
    expect(usd.statusCode).toBe(422);
    expect(usd.json().error.code).toBe('FX_BASE_CURRENCY');
  });

  it('keeps both of two rates posted at once, and one of them is current', async () => {
    const [a, b] = await Promise.all([putRate('CHF', '1.13'), putRate('CHF', '1.14')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.database.db.select().from(fxRates).where(eq(fxRates.currency, 'CHF'));
    expect(rows).toHaveLength(2);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.fx_rate'), eq(auditLog.subjectId, 'CHF')));
    expect(audits).toHaveLength(2);
    // The second to commit names the first as the rate it replaced.
    expect(audits.map((row) => (row.details as { before: string | null }).before).sort()).toEqual(
      expect.arrayContaining([null]),
    );
  });

  it('pages the table by currency code', async () => {
    await postRate('GBP', '1.27');
    await postRate('JPY', '0.0067');
    const customer = await signUpCustomer(t);
    const first = await rates(customer, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toBe(first.items[0]?.currency);
    const second = await rates(customer, `?limit=1&cursor=${first.nextCursor}`);
    expect((second.items[0]?.currency ?? '') > (first.items[0]?.currency ?? '')).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/fx-rates?limit=100000',
      headers: { cookie: customer.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('an international transfer at the posted rate (issue 18)', () => {
  it('debits the foreign amount converted at the posted rate, and says so in the record and the alert', async () => {
    const rate = await postRate('EUR', '1.0832');
    const alice = await funded('500.00');
    // €110.78 × 1.0832 = $119.996896 → $120.00.
    const res = await sendAbroad(alice, {
      currency: 'EUR',
      foreignAmount: '110.78',
      amount: '120.00',
      rateId: rate.id,
    });
    expect(res.statusCode).toBe(201);
    expect(await balanceOf(t, alice)).toBe('380.00');
    const record = res.json().transaction;
    expect(record.amount).toBe('120.00');
    expect(record.currency).toBe('USD');
    // The one account field, normalised: no spaces, upper case.
    expect(record.recipientAccount).toBe('DE89370400440532013000');
    expect(record.internationalDetails).toEqual({
      recipientFullName: 'Lena Vogel',
      recipientBank: 'Commerzbank',
      swiftBic: 'COBADEFFXXX',
      country: 'DE',
      currency: 'EUR',
      currencySymbol: '€',
      foreignAmount: '110.78',
      usdPerUnit: '1.08320000',
      rateId: rate.id,
    });

    const [alert] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toEmail, alice.email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    const body = renderStoredEmail(alert!, {
      bankName: 'Larkspur Bank',
      fromName: 'Larkspur',
      publicOrigin: 'x',
    });
    expect(body.params).toMatchObject({
      amount: '€110.78',
      usd_amount: '$120.00',
      exchange_rate: '1 EUR = 1.0832 USD',
      balance: '$380.00',
    });
    // The bug of issue 18: it said "debited by €120.00" when $120.00 was taken.
    expect(body.text).toContain('debited by $120.00 (€110.78 at 1 EUR = 1.0832 USD)');
    expect(body.text).not.toContain('€120.00');
    await expectLedgerClean();
  });

  it('rounds half up to the cent, in integers: €0.05 at 1.1 is $0.055, debited as $0.06', async () => {
    const rate = await postRate('EUR', '1.1');
    const alice = await funded('1.00');
    const under = await sendAbroad(alice, {
      currency: 'EUR',
      foreignAmount: '0.05',
      amount: '0.05',
      rateId: rate.id,
    });
    expect(under.statusCode).toBe(422);
    expect(under.json().error.code).toBe('FX_AMOUNT_MISMATCH');
    const res = await sendAbroad(alice, {
      currency: 'EUR',
      foreignAmount: '0.05',
      amount: '0.06',
      rateId: rate.id,
    });
    expect(res.statusCode).toBe(201);
    expect(await balanceOf(t, alice)).toBe('0.94');
  });

  it('converts a currency without minor units (JPY) and refuses yen with decimals', async () => {
    const rate = await postRate('JPY', '0.0067');
    const alice = await funded('200.00');
    // ¥15,000 × 0.0067 = $100.50 exactly.
    const res = await sendAbroad(alice, {
      currency: 'JPY',
      foreignAmount: '15000',
      amount: '100.50',
      rateId: rate.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction.internationalDetails).toMatchObject({
      foreignAmount: '15000',
      currencySymbol: '¥',
    });
    const decimals = await sendAbroad(alice, {
      currency: 'JPY',
      foreignAmount: '150.5',
      amount: '1.01',
      rateId: rate.id,
    });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error.message).toBe(errorCatalogue.INVALID_TRANSFER_AMOUNT.message);
  });

  it('refuses a currency with no posted rate, and one whose rate is too old, moving nothing', async () => {
    const alice = await funded('100.00');
    const none = await sendAbroad(alice, {
      currency: 'SEK',
      foreignAmount: '10.00',
      amount: '1.00',
      rateId: '1',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatchObject({
      code: 'FX_RATE_UNAVAILABLE',
      message: errorCatalogue.FX_RATE_UNAVAILABLE.message,
    });

    // Posted one millisecond longer ago than a rate stays current.
    await postSeedRates(
      t.database.db,
      { NOK: '0.09' },
      new Date(t.clock.now().getTime() - FX_RATE_MAX_AGE_MS - 1),
    );
    const listed = (await rates(alice)).items.find((r) => r.currency === 'NOK');
    expect(listed?.current).toBe(false);
    const stale = await sendAbroad(alice, {
      currency: 'NOK',
      foreignAmount: '100.00',
      amount: '9.00',
      rateId: listed?.id ?? null,
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.code).toBe('FX_RATE_UNAVAILABLE');
    // At exactly the maximum age it is still current.
    await postSeedRates(
      t.database.db,
      { SEK: '0.095' },
      new Date(t.clock.now().getTime() - FX_RATE_MAX_AGE_MS),
    );
    const edge = (await rates(alice)).items.find((r) => r.currency === 'SEK');
    expect(edge?.current).toBe(true);
    const ok = await sendAbroad(alice, {
      currency: 'SEK',
      foreignAmount: '100.00',
      amount: '9.50',
      rateId: edge?.id ?? null,
    });
    expect(ok.statusCode).toBe(201);
    expect(await balanceOf(t, alice)).toBe('90.50');
  });

  it('refuses when the rate changed between the review and the send, and the new review goes through', async () => {
    const reviewed = await postRate('GBP', '1.27');
    const alice = await funded('100.00');
    await postRate('GBP', '1.28');
    // £10.00 at the reviewed 1.27 is $12.70.
    const res = await sendAbroad(alice, {
      currency: 'GBP',
      foreignAmount: '10.00',
      amount: '12.70',
      rateId: reviewed.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(errorCatalogue.FX_RATE_CHANGED.message);
    expect(await balanceOf(t, alice)).toBe('100.00');
    const current = (await rates(alice)).items.find((r) => r.currency === 'GBP');
    const again = await sendAbroad(alice, {
      currency: 'GBP',
      foreignAmount: '10.00',
      amount: '12.80',
      rateId: current?.id ?? null,
    });
    expect(again.statusCode).toBe(201);
    expect(await balanceOf(t, alice)).toBe('87.20');
  });

  it('replays a retried transfer once, even after the rate has changed since', async () => {
    const rate = await postRate('CAD', '0.73');
    const alice = await funded('100.00');
    const key = { 'idempotency-key': `fx-${crypto.randomUUID()}` };
    const input = { currency: 'CAD', foreignAmount: '100.00', amount: '73.00', rateId: rate.id };
    const [a, b] = await Promise.all([sendAbroad(alice, input, key), sendAbroad(alice, input, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 201]);
    await postRate('CAD', '0.74');
    const replay = await sendAbroad(alice, input, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().transaction.id).toBe(a.json().transaction.id);
    expect(await balanceOf(t, alice)).toBe('27.00');
  });

  it('still checks the funds, in dollars', async () => {
    const rate = await postRate('EUR', '1.10');
    const alice = await funded('10.00');
    const res = await sendAbroad(alice, {
      currency: 'EUR',
      foreignAmount: '10.00',
      amount: '11.00',
      rateId: rate.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(errorCatalogue.INSUFFICIENT_FUNDS.message);
  });

  it('sends US dollars abroad one for one, with no posted rate', async () => {
    const alice = await funded('50.00');
    const res = await sendAbroad(alice, {
      currency: 'USD',
      foreignAmount: '20.00',
      amount: '20.00',
      rateId: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction.internationalDetails).toMatchObject({
      usdPerUnit: '1.00000000',
      rateId: null,
    });
  });
});

describe('the account field and the bank details (issue 18)', () => {
  const send = async (overrides: { account?: string; details?: Record<string, unknown> }) => {
    const alice = await funded('10.00');
    return sendAbroad(alice, {
      currency: 'USD',
      foreignAmount: '1.00',
      amount: '1.00',
      rateId: null,
      ...overrides,
    });
  };

  it('refuses an IBAN whose check digits are wrong, beside the account field', async () => {
    const res = await send({ account: 'DE88 3704 0044 0532 0130 00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('recipientAccount');
    expect(res.json().error.message).toContain(IBAN_INVALID_CHECKSUM_MESSAGE);
  });

  it('refuses an IBAN of the wrong length for its country', async () => {
    const res = await send({ account: 'DE89 3704 0044 0532 0130 0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(IBAN_INVALID_LENGTH_MESSAGE);
  });

  it('takes an IBAN typed in lower case with spaces, and a plain account number abroad', async () => {
    expect((await send({ account: 'gb82 west 1234 5698 7654 32' })).statusCode).toBe(201);
    const plain = await send({ account: '000123456789' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().transaction.recipientAccount).toBe('000123456789');
  });

  it.each([
    ['an account with symbols', { account: '12-34/56!' }],
    ['an over-long account', { account: '1'.repeat(60) }],
    ['a SWIFT/BIC of the wrong length', { details: { swiftBic: 'DEUTDEF' } }],
    ['a SWIFT/BIC naming no country', { details: { swiftBic: 'DEUTZZFF' } }],
    ['a country by name', { details: { country: 'Germany' } }],
    ['a currency that is not ISO 4217', { details: { currency: 'EURO' } }],
    ['a typed currency symbol', { details: { currencySymbol: '€' } }],
    ['a wrong type', { details: { country: 49 } }],
  ])('refuses %s with a 400 and moves nothing', async (_label, overrides) => {
    const res = await send(overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it('reads a record made before migration 0011 (typed symbol, free-text country, two account fields)', async () => {
    const alice = await funded('10.00');
    const res = await send({});
    const sent = await sendAbroad(alice, {
      currency: 'USD',
      foreignAmount: '2.00',
      amount: '2.00',
      rateId: null,
    });
    expect(res.statusCode).toBe(201);
    const id = sent.json().transaction.id as string;
    await t.database.db
      .update(transactionRecords)
      .set({
        internationalDetails: {
          recipientFullName: 'Lena Vogel',
          recipientBank: 'Commerzbank',
          swiftBic: 'COBADEFFXXX',
          ibanOrAccount: 'DE89370400440532013000',
          country: 'Germany',
          currencyCode: 'EUR',
          currencySymbol: '€',
        },
      })
      .where(eq(transactionRecords.id, id));
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/me/transactions/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().internationalDetails).toEqual({
      recipientFullName: 'Lena Vogel',
      recipientBank: 'Commerzbank',
      swiftBic: 'COBADEFFXXX',
      country: 'Germany',
      currency: 'EUR',
      currencySymbol: '€',
      foreignAmount: null,
      usdPerUnit: null,
      rateId: null,
      ibanOrAccount: 'DE89370400440532013000',
    });
  });
});
