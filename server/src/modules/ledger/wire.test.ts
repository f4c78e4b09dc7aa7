import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARKSPUR_ROUTING_NUMBER } from '@larkspur/contract';
import { accounts, transactionRecords } from '../../db/schema/index';
import { expectLedgerClean, expectRejection } from '../../security/world';
import { balanceOf, credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Issue 28 item 3 (decision 0206): a wire to another US bank leaves through the external settlement
// account with the sender's record; a routing number is checked by its ABA check digit; a routing
// number that is ours or a bank name that is not ours never silently pays one of our customers.

/** Valid ABA numbers of other banks (check digit correct). */
const OTHER_BANK_ROUTING = '021000021';
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

async function funded(amount: string): Promise<SignedUpCustomer> {
  const customer = await signUpCustomer(t);
  if (amount !== '0.00') await credit(t, adminCookie, customer.userId, amount);
  return customer;
}

async function externalSettlementCents(): Promise<bigint> {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.code, 'external_settlement'));
  return row?.balanceCents ?? 0n;
}

async function recordsOf(userId: string) {
  return t.database.db.select().from(transactionRecords).where(eq(transactionRecords.userId, userId));
}

const wire = (from: SignedUpCustomer, body: Record<string, unknown>) =>
  transfer(t, from, { type: 'Wire Transfer', recipientName: 'Dana Park', amount: '25.00', ...body });

describe('a wire to another US bank', () => {
  it('goes out through external settlement, even when the account number is also one of ours', async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const before = await externalSettlementCents();
    const res = await wire(alice, {
      recipientAccount: bob.accountNumber,
      bankName: 'JPMorgan Chase',
      routingNumber: OTHER_BANK_ROUTING,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      transaction: {
        type: 'Wire Transfer',
        bankName: 'JPMorgan Chase',
        routingNumber: OTHER_BANK_ROUTING,
        payeeCheck: 'unavailable',
      },
      balance: '75.00',
    });
    // Bob, who banks with us, is not the holder of that account at JPMorgan Chase.
    expect(await balanceOf(t, bob)).toBe('0.00');
    expect(await recordsOf(bob.userId)).toHaveLength(0);
    expect((await externalSettlementCents()) - before).toBe(2500n);
    await expectLedgerClean(t);
  });

  it('to an account number we do not hold: sent, not refused as "not found"', async () => {
    const alice = await funded('100.00');
    const res = await wire(alice, {
      recipientAccount: '000123456789',
      bankName: 'Wells Fargo',
      routingNumber: '121000248',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, alice)).toBe('75.00');
    const records = await recordsOf(alice.userId);
    expect(records.filter((r) => r.type === 'Wire Transfer')).toHaveLength(1);
    await expectLedgerClean(t);
  });

  it('refuses a routing number whose check digit is wrong, moving nothing', async () => {
    const alice = await funded('100.00');
    const res = await wire(alice, {
      recipientAccount: '000123456789',
      bankName: 'JPMorgan Chase',
      routingNumber: '021000022',
    });
    const error = expectRejection(res, 400);
    expect(error.message).toContain('routing number');
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  it('refuses a wire without a routing number', async () => {
    const alice = await funded('100.00');
    expectRejection(await wire(alice, { recipientAccount: '000123456789', bankName: 'JPMorgan Chase' }), 400);
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  it("refuses our routing number under another bank's name, and another bank's routing number under ours", async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const ours = await wire(alice, {
      recipientAccount: bob.accountNumber,
      bankName: 'JPMorgan Chase',
      routingNumber: LARKSPUR_ROUTING_NUMBER,
    });
    expect(expectRejection(ours, 422)).toMatchObject({ code: 'WIRE_BANK_MISMATCH' });
    const theirs = await wire(alice, {
      recipientAccount: bob.accountNumber,
      bankName: 'Larkspur Bank',
      routingNumber: OTHER_BANK_ROUTING,
    });
    expect(expectRejection(theirs, 422)).toMatchObject({ code: 'WIRE_BANK_MISMATCH' });
    expect(await balanceOf(t, alice)).toBe('100.00');
    expect(await balanceOf(t, bob)).toBe('0.00');
  });

  it('to our own routing number under our name: pays our customer, as a wire within the bank', async () => {
    const alice = await funded('100.00');
    const bob = await funded('0.00');
    const res = await wire(alice, {
      recipientAccount: bob.accountNumber,
      bankName: 'Larkspur Bank',
      routingNumber: LARKSPUR_ROUTING_NUMBER,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, bob)).toBe('25.00');
    await expectLedgerClean(t);
  });

  it('twice at once with one key: one wire, one debit', async () => {
    const alice = await funded('100.00');
    const before = await externalSettlementCents();
    const body = { recipientAccount: '000123456789', bankName: 'Wells Fargo', routingNumber: '121000248' };
    const headers = { 'idempotency-key': `wire-${alice.userId}` };
    const answers = await Promise.all([
      transfer(
        t,
        alice,
        { type: 'Wire Transfer', recipientName: 'Dana Park', amount: '25.00', ...body },
        headers,
      ),
      transfer(
        t,
        alice,
        { type: 'Wire Transfer', recipientName: 'Dana Park', amount: '25.00', ...body },
        headers,
      ),
    ]);
    expect(
      answers.every((a) => a.statusCode === 201 || a.statusCode === 409),
      answers.map((a) => a.body).join(),
    ).toBe(true);
    expect(await balanceOf(t, alice)).toBe('75.00');
    expect((await externalSettlementCents()) - before).toBe(2500n);
    const count = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionRecords)
      .where(eq(transactionRecords.userId, alice.userId));
    // The admin's credit and one wire.
    expect(count[0]?.n).toBe(2);
    await expectLedgerClean(t);
  });
});
