import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionRecord } from '@larkspur/contract';
import { fundedPair, transfer } from '../../../test/banking';
import type { SignedUpCustomer } from '../../../test/identity';
import { insertRecords, rowsRead } from '../../../test/ledger-rows';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { balancesAfter } from './running-balance';

/** A long history: a running balance that reads it all shows at once. */
const OLDER_RECORDS = 3_000;
/** The newest page the test asks balances for. */
const PAGE = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The records page's running balance (decision 0162) walks back from the account's balance over
 * the records newer than the page's oldest. For the newest page that is the page itself; it must
 * not read the customer's whole history to find them (issue 15's pages at a million records).
 */
describe('the running balance of the newest page', () => {
  let t: TestApp;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ alice, bob } = await fundedPair(t, '100.00'));
    // Older records of Alice's, a day back and earlier (credits and debits that cancel out, so
    // the balance they imply is the one the account holds).
    await insertRecords(t.database.db, {
      owner: alice,
      counterparty: bob,
      prefix: 'OLD',
      count: OLDER_RECORDS,
      direction: 'alternating',
      type: 'Deposit',
      amountCents: 100,
      at: new Date(t.clock.now().getTime() - DAY_MS),
      stepMinutes: 1,
    });
    await t.database.db.execute(sql`analyze transaction_records`);
    for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) {
      const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount });
      expect(res.statusCode, res.body).toBe(201);
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("reads the page's records, not the history before them", async () => {
    const newest = (await t.database.db.execute(sql`
      select id::text as id from transaction_records where user_id = ${alice.userId}::uuid
      order by created_at desc nulls last, id desc nulls last limit ${PAGE}`)) as unknown as {
      rows: { id: string }[];
    };
    const page = newest.rows.map((row) => ({ id: row.id }) as TransactionRecord);
    const { read, balances } = await t.database.db.transaction(async (tx) => {
      const before = await rowsRead(tx, 'transaction_records');
      const balances = await balancesAfter(tx, alice.userId, page);
      return { read: (await rowsRead(tx, 'transaction_records')) - before, balances };
    });
    // The newest record leaves the account's balance: 100.00 less the five transfers.
    expect(balances.get(page[0]?.id ?? '')).toBe(8_500n);
    expect(balances.size).toBe(PAGE);
    // The anchor, and the page's records (an index may fetch a neighbour or two).
    expect(read).toBeLessThanOrEqual(PAGE * 3);
  });
});
