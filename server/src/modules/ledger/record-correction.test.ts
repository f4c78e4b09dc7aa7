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
import { buildTestApp, type TestApp } from '../../test/test-app';

// Issue 19 (decision 0154): editing one leg of a transfer names the other leg and its customer, and
// the customer whose balance moved is emailed about the correction, in the edit's transaction.

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

  it("emails only the owner whose balance moved, naming the correction and the other party, with the edit's history row", async () => {
    const alice = await funded('100.00', { firstName: 'Alice', surname: 'Archer' });
    const bob = await funded('0.00', { firstName: 'Bob', surname: 'Stone' });
    const { debit } = await legs(alice, bob, '40.00');
    const res = await edit(debit.id, '55.00', debit.createdAt.toISOString());
    expect(res.statusCode).toBe(200);
    expect((res.json() as { balance: string }).balance).toBe('45.00');
    // The spec's rule stays: the other leg and its owner's balance are as they were.
    expect(await balanceOf(t, bob)).toBe('40.00');

    const mails = await correctionsTo(alice.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toContain(debit.transactionId);
    expect(mail?.params).toMatchObject({
      amount_before: '$40.00',
      amount_after: '$55.00',
      balance: '$45.00',
      counterpart: 'Bob Stone',
      reference: debit.transactionId,
    });
    expect(mail?.text).toContain('Only your balance was changed');
    expect(await correctionsTo(bob.email)).toHaveLength(0);
    // Written with the edit: at the edit's time, beside its history row.
    const [row] = await t.database.db
      .select()
      .from(transactionRecordHistory)
      .where(eq(transactionRecordHistory.recordId, debit.id));
    expect(row?.createdAt.toISOString()).toBe(mail?.createdAt.toISOString());
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
