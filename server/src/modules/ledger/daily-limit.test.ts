import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPair, transfer } from '../../test/banking';
import type { SignedUpCustomer } from '../../test/identity';
import { insertRecords, rowsRead, rowsUpdated } from '../../test/ledger-rows';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { transferTypes } from '@larkspur/contract';
import { limitDayStart } from './banking-service';
import { verifyLedger } from './verify';

/** A long history: many times what a day holds, so a check that reads it all shows at once. */
const OLDER_RECORDS = 3_000;
/** And a busy day: a sender who has already sent this many transfers today (one cent each). */
const TODAY_RECORDS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Records written by one statement: a bulk load. */
const BULK_RECORDS = 500;

/** What `lb_sent_today` answers for Alice now, and how many records it read to answer. */
async function sentToday(t: TestApp, userId: string): Promise<{ cents: number; read: number }> {
  return t.database.db.transaction(async (tx) => {
    const before = await rowsRead(tx, 'transaction_records');
    const result = (await tx.execute(
      sql`select lb_sent_today(${userId}::uuid, ${limitDayStart(t.clock.now()).toISOString()}::timestamptz,
        ${JSON.stringify(transferTypes)}::jsonb)::int as cents`,
    )) as unknown as { rows: { cents: number }[] };
    return { cents: result.rows[0]?.cents ?? -1, read: (await rowsRead(tx, 'transaction_records')) - before };
  });
}

async function sentTodayViolations(t: TestApp): Promise<string[]> {
  const { violations } = await verifyLedger(t.database.db);
  return violations.filter((v) => v.rule.startsWith('sent today')).map((v) => v.detail);
}

/**
 * Issue 15: the daily-limit check must cost the same whatever the sender's history, today's
 * included. It summed the records with a filter no index served, reading every record the sender
 * ever had (decision 0125); then, with an index, every record of that day (a busy sender read
 * thousands per transfer). Now it reads a counter on the account the transfer has locked
 * (decision 0179), which triggers on the records keep.
 */
describe('daily transfer limit with a long history', () => {
  let t: TestApp;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ alice, bob } = await fundedPair(t, '500.00'));
    // The app's clock is the test's: "today" is its day, and the older records are of the day before.
    const now = t.clock.now();
    // Alice's older transfers: recorded on earlier days, each of a transfer type and a debit,
    // exactly what the check sums when it is today's.
    await insertRecords(t.database.db, {
      owner: alice,
      counterparty: bob,
      prefix: 'TRFOLD',
      count: OLDER_RECORDS,
      direction: 'debit',
      type: 'Local Transfer',
      amountCents: 100,
      at: new Date(now.getTime() - DAY_MS),
      stepMinutes: 1,
    });
    // And a busy day so far: records of today, written the way any path writes them.
    await insertRecords(t.database.db, {
      owner: alice,
      counterparty: bob,
      prefix: 'TRFTODAY',
      count: TODAY_RECORDS,
      direction: 'debit',
      type: 'Wire Transfer',
      amountCents: 1,
      at: now,
      stepMinutes: 0,
    });
    await t.database.db.execute(sql`analyze transaction_records`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('reads no record at all, however many the sender has, today or before', async () => {
    for (const amount of ['1.00', '2.00', '3.00']) {
      const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The very function the transfer calls under the sender's lock (migration 0018).
    const { cents, read } = await sentToday(t, alice.userId);
    // Today: the 3,000 one-cent records and the three transfers; the older 3,000 do not count.
    expect(cents).toBe(TODAY_RECORDS + 600);
    expect(read).toBe(0);
    expect(await sentTodayViolations(t)).toEqual([]);
  });

  it('still counts today against the limit, not the older records', async () => {
    await t.database.db.execute(
      sql`update profiles set account_limit_cents = ${TODAY_RECORDS + 1000} where user_id = ${alice.userId}::uuid`,
    );
    // 30.00 in cents and 6.00 sent today above; 4.00 more reaches the limit exactly, a cent more is refused.
    const atLimit = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '4.00' });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const over = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '0.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('TRANSFER_LIMIT_EXCEEDED');
  });

  it('follows an edit of a record of the day, whichever path makes it', async () => {
    const before = (await sentToday(t, alice.userId)).cents;
    await t.database.db.execute(sql`
      update transaction_records set amount_cents = 101
      where transaction_id = 'TRFTODAY1' and user_id = ${alice.userId}::uuid`);
    expect((await sentToday(t, alice.userId)).cents).toBe(before + 100);
    // A record that stops being a transfer stops counting; an older day's record never counted.
    await t.database.db.execute(sql`
      update transaction_records set type = 'Withdrawal' where transaction_id = 'TRFTODAY2'`);
    await t.database.db.execute(sql`
      update transaction_records set amount_cents = 5000 where transaction_id = 'TRFOLD1'`);
    expect((await sentToday(t, alice.userId)).cents).toBe(before + 99);
    expect(await sentTodayViolations(t)).toEqual([]);
  });

  it('moves the counter once for a statement of many records, not once per record', async () => {
    const before = (await sentToday(t, alice.userId)).cents;
    const updates = await t.database.db.transaction(async (tx) => {
      const start = await rowsUpdated(tx, 'accounts');
      await insertRecords(tx, {
        owner: alice,
        counterparty: bob,
        prefix: 'TRFBULK',
        count: BULK_RECORDS,
        direction: 'debit',
        type: 'Local Transfer',
        amountCents: 1,
        at: t.clock.now(),
        stepMinutes: 0,
      });
      return (await rowsUpdated(tx, 'accounts')) - start;
    });
    expect(updates).toBe(1);
    expect((await sentToday(t, alice.userId)).cents).toBe(before + BULK_RECORDS);
    expect(await sentTodayViolations(t)).toEqual([]);
  });

  it('starts again on a new day (UTC)', async () => {
    t.clock.advanceMs(DAY_MS);
    // Alice's session would have ended overnight; the day is what this test is about.
    await t.database.db.execute(sql`
      update sessions set idle_expires_at = idle_expires_at + interval '2 days',
        absolute_expires_at = absolute_expires_at + interval '2 days'
      where user_id = ${alice.userId}::uuid`);
    expect((await sentToday(t, alice.userId)).cents).toBe(0);
    await t.database.db.execute(
      sql`update profiles set account_limit_cents = 700 where user_id = ${alice.userId}::uuid`,
    );
    const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '7.00' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await sentToday(t, alice.userId)).cents).toBe(700);
    const over = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '0.01' });
    expect(over.json().error.code).toBe('TRANSFER_LIMIT_EXCEEDED');
    expect(await sentTodayViolations(t)).toEqual([]);
  });

  it('is checked by the ledger verification, which finds a counter that drifted', async () => {
    await t.database.db.execute(
      sql`update accounts set sent_cents = sent_cents + 1 where user_id = ${alice.userId}::uuid`,
    );
    expect(await sentTodayViolations(t)).toHaveLength(1);
    await t.database.db.execute(
      sql`update accounts set sent_cents = sent_cents - 1 where user_id = ${alice.userId}::uuid`,
    );
    expect(await sentTodayViolations(t)).toEqual([]);
  });

  it("counts the contract's transfer types, no more and no fewer", async () => {
    const result = (await t.database.db.execute(
      sql`select array_to_json(lb_limit_types()) as types`,
    )) as unknown as { rows: { types: string[] | string }[] };
    const raw = result.rows[0]?.types ?? [];
    const types = typeof raw === 'string' ? (JSON.parse(raw) as string[]) : raw;
    expect([...types].sort()).toEqual([...transferTypes].sort());
  });
});
