import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, transactionRecordHistory, transactionRecords } from '../../db/schema/index';
import { balanceOf, credit, transfer } from '../../test/banking';
import {
  JSON_HEADERS,
  createAdmin,
  loginAdmin,
  signUpCustomer,
  type SignedUpCustomer,
} from '../../test/identity';
import { expectLedgerClean, expectRejection } from '../../security/world';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Issue 19 (decision 0154): editing one leg of a transfer names the other leg and its customer, and
// the customers whose balances moved are emailed about the correction, in the edit's transaction.
// Issue 28 item 5 (decision 0205): the edit corrects both legs, so both customers' views agree.

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  adminCookie = await loginAdmin(t, admin.email, admin.password);
});
afterAll(async () => {
  await t.close();
});

async function funded(amount: string, overrides: Record<string, string> = {}): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t, overrides);
  if (amount !== '0.00') await credit(t, adminCookie, customer.userId, amount);
  return customer;
}

function edit(recordId: string, amount: string, createdAt: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/transactions/${recordId}`,
    headers: { ...JSON_HEADERS, cookie: adminCookie },
    payload: { amount, createdAt, reason: 'Customer dispute resolved' },
  });
}

async function history(recordId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/transactions/${recordId}/history`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: unknown[];
    counterpart: {
      recordId: string;
      transactionId: string;
      userId: string;
      name: string;
      accountNumber: string;
    } | null;
  };
}

async function correctionsTo(email: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(
      sql`${outboxMessages.toEmail} = ${email} and ${outboxMessages.template} = 'record-correction-notice'`,
    )
    .orderBy(desc(outboxMessages.id));
}

async function legs(alice: SignedUpCustomer, bob: SignedUpCustomer, amount: string) {
  const sent = (await transfer(t, alice, { recipientAccount: bob.accountNumber, amount })).json() as {
    transaction: { id: string; transactionId: string };
  };
  const [debit] = await t.database.db
    .select()
    .from(transactionRecords)
    .where(eq(transactionRecords.id, sent.transaction.id));
  if (!debit) throw new Error('no debit leg');
  const [creditLeg] = await t.database.db
    .select()
    .from(transactionRecords)
    .where(
      sql`${transactionRecords.entryId} = ${debit.entryId} and ${transactionRecords.userId} = ${bob.userId}`,
    );
  if (!creditLeg) throw new Error('no credit leg');
  return { debit, credit: creditLeg };
}

describe('editing one leg of a transfer', () => {
  it('names the other leg and its customer, both ways, and nothing for a deposit', async () => {
    const alice = await funded('100.00', { firstName: 'Alice', surname: 'Archer' });
    const bob = await funded('0.00', { firstName: 'Bob', surname: 'Stone' });
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');

    expect((await history(debit.id)).counterpart).toEqual({
      recordId: creditLeg.id,
      transactionId: creditLeg.transactionId,
      userId: bob.userId,
      name: 'Bob Stone',
      accountNumber: bob.accountNumber,
    });
    expect((await history(creditLeg.id)).counterpart).toMatchObject({
      recordId: debit.id,
      userId: alice.userId,
      name: 'Alice Archer',
      accountNumber: alice.accountNumber,
    });
    const [deposit] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(
        sql`${transactionRecords.userId} = ${alice.userId} and ${transactionRecords.direction} = 'credit'`,
      );
    expect((await history(deposit?.id ?? '')).counterpart).toBeNull();
    expect((await history('00000000-0000-4000-8000-000000000000')).counterpart).toBeNull();
  });

  it('edits both legs: one entry between the two customers, both records, both balances, both emailed, a history row on each', async () => {
    const alice = await funded('100.00', { firstName: 'Alice', surname: 'Archer' });
    const bob = await funded('0.00', { firstName: 'Bob', surname: 'Stone' });
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');
    const at = new Date(debit.createdAt.getTime() + 1000).toISOString();
    const res = await edit(debit.id, '55.00', at);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { balance: string }).balance).toBe('45.00');
    // Issue 28 item 5 (decision 0205): the two customers' views agree after the edit.
    expect(await balanceOf(t, bob)).toBe('55.00');
    const [debitAfter] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.id, debit.id));
    const [creditAfter] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.id, creditLeg.id));
    expect(debitAfter?.amountCents).toBe(5500n);
    expect(creditAfter?.amountCents).toBe(5500n);
    expect(creditAfter?.createdAt.toISOString()).toBe(at);

    const aliceMails = await correctionsTo(alice.email);
    expect(aliceMails).toHaveLength(1);
    expect(aliceMails[0]?.subject).toContain(debit.transactionId);
    expect(aliceMails[0]?.params).toMatchObject({
      amount_before: '$40.00',
      amount_after: '$55.00',
      balance: '$45.00',
      counterpart: 'Bob Stone',
      reference: debit.transactionId,
    });
    expect(aliceMails[0]?.text).toContain('Both sides of the transfer were corrected');
    const bobMails = await correctionsTo(bob.email);
    expect(bobMails).toHaveLength(1);
    // The recipient quotes the shared reference (decision 0197), the sender's TRF… id.
    expect(bobMails[0]?.params).toMatchObject({
      amount_before: '$40.00',
      amount_after: '$55.00',
      balance: '$55.00',
      counterpart: 'Alice Archer',
      reference: debit.transactionId,
    });

    // One adjusting entry moves the difference between the two customers; each record keeps a
    // history row pointing at it, written with the emails.
    const rows = await t.database.db
      .select()
      .from(transactionRecordHistory)
      .where(sql`${transactionRecordHistory.recordId} in (${debit.id}, ${creditLeg.id})`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.entryId)).size).toBe(1);
    expect(rows[0]?.entryId).not.toBeNull();
    expect(rows[0]?.createdAt.toISOString()).toBe(aliceMails[0]?.createdAt.toISOString());
    await expectLedgerClean(t);
  });

  it("editing the received leg moves the sender's side too", async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');
    const res = await edit(creditLeg.id, '25.00', creditLeg.createdAt.toISOString());
    expect(res.statusCode).toBe(200);
    expect((res.json() as { balance: string }).balance).toBe('25.00');
    expect(await balanceOf(t, alice)).toBe('75.00');
    const [debitAfter] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.id, debit.id));
    expect(debitAfter?.amountCents).toBe(2500n);
    await expectLedgerClean(t);
  });

  it("is refused whole when the other customer's available balance cannot give the money back", async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const carol = await funded('0.00');
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');
    // Bob spent most of it.
    expect(
      (await transfer(t, bob, { recipientAccount: carol.accountNumber, amount: '35.00' })).statusCode,
    ).toBe(201);
    const res = await edit(debit.id, '10.00', debit.createdAt.toISOString());
    expect(expectRejection(res, 422)).toMatchObject({
      code: 'COUNTERPART_BALANCE_WOULD_BE_NEGATIVE',
      message: "This change would make the other customer's balance negative.",
    });
    expect(await balanceOf(t, alice)).toBe('60.00');
    expect(await balanceOf(t, bob)).toBe('5.00');
    const [creditAfter] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.id, creditLeg.id));
    expect(creditAfter?.amountCents).toBe(4000n);
    expect(await correctionsTo(alice.email)).toHaveLength(0);
    await expectLedgerClean(t);
  });

  it('as an operator (the lowest permission set): the same correction of both legs', async () => {
    const operator = await createAdmin(t, undefined, undefined, 'operator');
    const operatorCookie = await loginAdmin(t, operator.email, operator.password);
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/transactions/${creditLeg.id}`,
      headers: { ...JSON_HEADERS, cookie: operatorCookie },
      payload: {
        amount: '45.00',
        createdAt: creditLeg.createdAt.toISOString(),
        reason: 'Typo at the counter',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t, bob)).toBe('45.00');
    expect(await balanceOf(t, alice)).toBe('55.00');
    const [debitAfter] = await t.database.db
      .select()
      .from(transactionRecords)
      .where(eq(transactionRecords.id, debit.id));
    expect(debitAfter?.amountCents).toBe(4500n);
    await expectLedgerClean(t);
  });

  it('two edits of the two legs at once: both apply in turn, and the legs still agree', async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const { debit, credit: creditLeg } = await legs(alice, bob, '40.00');
    const results = await Promise.all([
      edit(debit.id, '50.00', debit.createdAt.toISOString()),
      edit(creditLeg.id, '30.00', creditLeg.createdAt.toISOString()),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const both = await t.database.db
      .select()
      .from(transactionRecords)
      .where(sql`${transactionRecords.id} in (${debit.id}, ${creditLeg.id})`);
    const [a, b] = both.map((r) => r.amountCents);
    expect(a).toBe(b);
    const cents = a ?? 0n;
    expect(await balanceOf(t, alice)).toBe(cents === 5000n ? '50.00' : '70.00');
    expect(await balanceOf(t, bob)).toBe(cents === 5000n ? '50.00' : '30.00');
    await expectLedgerClean(t);
  });

  it('writes no email when the edit is refused, nor when only the date changes', async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const { debit } = await legs(alice, bob, '40.00');
    // More than Alice has: refused, nothing written.
    const refused = await edit(debit.id, '500.00', debit.createdAt.toISOString());
    expect(refused.statusCode).toBe(422);
    const bad = await edit(debit.id, '-1', debit.createdAt.toISOString());
    expect(bad.statusCode).toBe(400);
    expect(await correctionsTo(alice.email)).toHaveLength(0);
    // Same amount, same date: the balance does not move, so there is nothing to tell.
    expect((await edit(debit.id, '40.00', debit.createdAt.toISOString())).statusCode).toBe(200);
    expect(await correctionsTo(alice.email)).toHaveLength(0);
    expect(await balanceOf(t, alice)).toBe('60.00');
  });

  it('two edits at once: each balance change is emailed once', async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const { debit } = await legs(alice, bob, '40.00');
    const at = debit.createdAt.toISOString();
    const results = await Promise.all([edit(debit.id, '50.00', at), edit(debit.id, '60.00', at)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await correctionsTo(alice.email)).toHaveLength(2);
    expect(await balanceOf(t, alice)).toMatch(/^(40\.00|50\.00)$/);
  });
});
