import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCatalogue,
  moneyToCents,
  type MovementResponse,
  type TransactionRecord,
} from '@larkspur/contract';
import { transactionRecords } from '../../db/schema/index';
import { balanceOf, credit } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { withStepUp } from '../../test/step-up';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { RECIPIENT_LOOKUPS_PER_MINUTE } from '../ledger/banking-routes';

/**
 * Confirmation of Payee through the API (issue 18, decision 0155): the look-up's answers and
 * what it reveals, and the transfer's own check — refused on a close or no match unless the
 * customer accepts the risk, stored on the sender's record either way.
 */
let t: TestApp;
let adminCookie: string;
let sender: SignedUpCustomer;
let marcus: SignedUpCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
  sender = await signUpCustomer(t, { firstName: 'Robin', surname: 'Sender' });
  marcus = await signUpCustomer(t, { firstName: 'Marcus', surname: 'Reed' });
  await credit(t, adminCookie, sender.userId, '1000.00');
});
afterAll(async () => {
  await t.close();
});

function lookUp(who: SignedUpCustomer, account: string, name?: string) {
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  return t.app.inject({
    method: 'GET',
    url: `/api/recipients/${account}${query}`,
    headers: { cookie: who.cookie },
  });
}

/** A transfer as the customer sends it, step-up and all (decision 0220). */
function send(body: Record<string, unknown>, key: string = crypto.randomUUID(), from = sender) {
  const payload = {
    type: 'Local Transfer',
    recipientAccount: marcus.accountNumber,
    amount: '1.00',
    purpose: 'Test',
    ...body,
  };
  return withStepUp(t, from, payload, { 'idempotency-key': key }, (headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...JSON_HEADERS, cookie: from.cookie, ...headers },
      payload,
    }),
  );
}

async function storedCheck(recordId: string) {
  const [row] = await t.database.db
    .select({ payeeCheck: transactionRecords.payeeCheck, recipientName: transactionRecords.recipientName })
    .from(transactionRecords)
    .where(eq(transactionRecords.id, recordId));
  return row;
}

describe('the look-up with a name', () => {
  it('answers match with the masked name only', async () => {
    const res = await lookUp(sender, marcus.accountNumber, 'marcus reed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountNumber: marcus.accountNumber,
      maskedName: 'Marcus R.',
      check: { result: 'match' },
    });
  });

  it('answers a close match with the name on the account, as UK CoP does', async () => {
    const res = await lookUp(sender, marcus.accountNumber, 'Mark Reed');
    expect(res.json()).toEqual({
      accountNumber: marcus.accountNumber,
      check: { result: 'close_match', accountName: 'Marcus Reed' },
    });
  });

  it('answers no match with no name at all, as UK CoP does (issue 28)', async () => {
    const res = await lookUp(sender, marcus.accountNumber, 'John Smith');
    expect(res.json()).toEqual({ accountNumber: marcus.accountNumber, check: { result: 'no_match' } });
    // Not the surname, and not the forename and initial either: an account number is no licence
    // to learn who holds it.
    expect(res.body).not.toContain('Reed');
    expect(res.body).not.toContain('Marcus');
    // A single wrong letter is no way round it: a harvester guessing "A B" learns nothing either.
    const guess = await lookUp(sender, marcus.accountNumber, 'A B');
    expect(guess.json()).toEqual({ accountNumber: marcus.accountNumber, check: { result: 'no_match' } });
  });

  it('without a name says only that the account exists; an unknown account is a 404; an over-long name a 400', async () => {
    // A look-up with no name is the same harvest as a wrong name (issue 28): no name either.
    expect((await lookUp(sender, marcus.accountNumber)).json()).toEqual({
      accountNumber: marcus.accountNumber,
    });
    const missing = await lookUp(sender, '40900000000', 'Marcus Reed');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('RECIPIENT_NOT_FOUND');
    const long = await lookUp(sender, marcus.accountNumber, 'M'.repeat(101));
    expect(long.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'GET',
      url: `/api/recipients/${marcus.accountNumber}?name=a&other=1`,
      headers: { cookie: sender.cookie },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses guests, and stays rate-limited per customer with a name as without', async () => {
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/recipients/${marcus.accountNumber}?name=x`,
    });
    expect(guest.statusCode).toBe(401);
    const harvester = await signUpCustomer(t);
    // Not from the allow-listed 127.0.0.1 of the other tests, so the look-up limit applies.
    const from = { remoteAddress: '10.1.2.3' };
    const statuses: number[] = [];
    for (let i = 0; i <= RECIPIENT_LOOKUPS_PER_MINUTE; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/recipients/${marcus.accountNumber}?name=Name${i}%20Reed`,
        headers: { cookie: harvester.cookie },
        ...from,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, RECIPIENT_LOOKUPS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[RECIPIENT_LOOKUPS_PER_MINUTE]).toBe(429);
  });
});

describe('the transfer decides for itself', () => {
  it('a match goes through and is stored as match, with the name typed', async () => {
    const res = await send({ recipientName: 'M Reed' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as MovementResponse;
    expect(body.transaction.payeeCheck).toBe('match');
    expect(await storedCheck(body.transaction.id)).toEqual({ payeeCheck: 'match', recipientName: 'M Reed' });
  });

  it('a no match is refused with the clear error, nothing moves, and the key stays free', async () => {
    const before = await balanceOf(t, sender);
    const key = crypto.randomUUID();
    const refused = await send({ recipientName: 'John Smith' }, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'PAYEE_CHECK_NOT_CONFIRMED',
      message: errorCatalogue.PAYEE_CHECK_NOT_CONFIRMED.message,
      field: 'recipientName',
    });
    expect(await balanceOf(t, sender)).toBe(before);
    // A confirmation of `false` (or a string) is not a confirmation.
    expect((await send({ recipientName: 'John Smith', confirmPayeeRisk: false })).statusCode).toBe(422);
    expect((await send({ recipientName: 'John Smith', confirmPayeeRisk: 'yes' })).statusCode).toBe(400);

    // With the risk accepted: sent, and stored as a no match (the receipt says so).
    const sent = await send({ recipientName: 'John Smith', confirmPayeeRisk: true }, key);
    expect(sent.statusCode, sent.body).toBe(201);
    const record = (sent.json() as MovementResponse).transaction;
    expect(record.payeeCheck).toBe('no_match');
    expect(await storedCheck(record.id)).toEqual({ payeeCheck: 'no_match', recipientName: 'John Smith' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/me/transactions/${record.id}`,
      headers: { cookie: sender.cookie },
    });
    expect((detail.json() as TransactionRecord).payeeCheck).toBe('no_match');
    // A replay answers the same, and does not pay twice.
    const replay = await send({ recipientName: 'John Smith', confirmPayeeRisk: true }, key);
    expect(replay.json()).toEqual(sent.json());
  });

  it('a close match is refused too unless accepted; correcting the name makes it a match', async () => {
    expect((await send({ recipientName: 'Mark Reed' })).statusCode).toBe(422);
    const accepted = await send({ recipientName: 'Mark Reed', confirmPayeeRisk: true });
    expect((accepted.json() as MovementResponse).transaction.payeeCheck).toBe('close_match');
    const corrected = await send({ recipientName: 'Marcus Reed' });
    expect((corrected.json() as MovementResponse).transaction.payeeCheck).toBe('match');
  });

  it('does not trust the client: a wrong name with a "match" claim in the body is refused', async () => {
    const res = await send({ recipientName: 'John Smith', payeeCheck: 'match' });
    expect(res.statusCode).toBe(400);
    const res2 = await send({ recipientName: 'John Smith' });
    expect(res2.statusCode).toBe(422);
  });

  it('an international transfer to another bank is unavailable and needs no confirmation', async () => {
    const res = await send({
      type: 'International Transfer',
      recipientAccount: 'DE89370400440532013000',
      recipientName: 'Erika Mustermann',
      bankName: 'Deutsche Bank',
      internationalDetails: {
        recipientFullName: 'Erika Mustermann',
        recipientBank: 'Deutsche Bank',
        swiftBic: 'DEUTDEFF',
        country: 'DE',
        currency: 'USD',
      },
      // US dollars abroad: one for one, no posted rate needed (decision 0165).
      fxQuote: { foreignAmount: '1.00', rateId: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as MovementResponse).transaction.payeeCheck).toBe('unavailable');
  });

  it('the recipient’s own record carries no check', async () => {
    const res = await send({ recipientName: 'Marcus Reed' });
    const debit = (res.json() as MovementResponse).transaction;
    const [posted] = await t.database.db
      .select({ entryId: transactionRecords.entryId })
      .from(transactionRecords)
      .where(eq(transactionRecords.id, debit.id));
    const legs = await t.database.db
      .select({ direction: transactionRecords.direction, payeeCheck: transactionRecords.payeeCheck })
      .from(transactionRecords)
      .where(eq(transactionRecords.entryId, posted?.entryId ?? -1));
    expect(legs.sort((a, b) => a.direction.localeCompare(b.direction))).toEqual([
      { direction: 'credit', payeeCheck: null },
      { direction: 'debit', payeeCheck: 'match' },
    ]);
  });

  it('the spec’s own messages still come first (funds before the name)', async () => {
    const res = await send({ recipientName: 'John Smith', amount: '999999.00' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('two refused and one accepted at once: exactly one payment', async () => {
    const before = await balanceOf(t, marcus);
    const key = crypto.randomUUID();
    const results = await Promise.all([
      send({ recipientName: 'John Smith' }),
      send({ recipientName: 'John Smith', confirmPayeeRisk: true }, key),
      send({ recipientName: 'John Smith', confirmPayeeRisk: true }, key),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    expect(moneyToCents(await balanceOf(t, marcus)) - moneyToCents(before)).toBe(100n);
  });
});
