import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { transferTypes } from '@larkspur/contract';
import type { Tx } from '../../db/client';
import { limitDayStart } from './banking-service';

/** A long history: many times what a day holds, so a check that reads it all shows at once. */
const OLDER_RECORDS = 3_000;

/**
 * Rows of transaction_records the current transaction has read so far, by scans of any kind
 * (PostgreSQL's own per-transaction counters: they count what a function reads inside too).
 */
async function recordsRead(tx: Tx): Promise<number> {
  const result = (await tx.execute(sql`
    select (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int as n
    from pg_stat_xact_user_tables where relname = 'transaction_records'`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/**
 * Issue 15: the daily-limit check must cost the same whatever the sender's history. It summed
 * today's records with a filter no index served, reading every record the sender ever had.
 */
describe('daily transfer limit with a long history', () => {
  let t: TestApp;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await createAdmin(t);
    const cookie = await loginAdmin(t, admin.email, admin.password);
    alice = await signUpCustomer(t);
    bob = await signUpCustomer(t);
    await credit(t, cookie, alice.userId, '500.00');
    // The app's clock is the test's: "today" is its day, and the older records are of the day before.
    const yesterday = new Date(t.clock.now().getTime() - 24 * 60 * 60 * 1000).toISOString();
    // Alice's older transfers: recorded on earlier days, each of a transfer type and a debit,
    // exactly what the check sums when it is today's.
    await t.database.db.execute(sql`
      insert into transaction_records (transaction_id, user_id, entry_id, direction, type, amount_cents,
        recipient_name, recipient_account, bank_name, sender_name, sender_account, purpose,
        created_at, recorded_at, updated_at)
      select 'TRFOLD' || g, ${alice.userId}::uuid,
        (select entry_id from transaction_records where user_id = ${alice.userId}::uuid limit 1),
        'debit', 'Local Transfer', 100, 'Someone', ${bob.accountNumber}, 'Larkspur Bank', 'Alice',
        ${alice.accountNumber}, 'older', ${yesterday}::timestamptz - g * interval '1 minute',
        ${yesterday}::timestamptz - g * interval '1 minute', ${yesterday}::timestamptz
      from generate_series(1, ${OLDER_RECORDS}) g`);
    await t.database.db.execute(sql`analyze transaction_records`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it("reads only today's records of the sender, not the history", async () => {
    for (const amount of ['1.00', '2.00', '3.00']) {
      const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The very function the transfer calls under the sender's lock (migration 0014).
    const read = await t.database.db.transaction(async (tx) => {
      const before = await recordsRead(tx);
      await tx.execute(
        sql`select lb_sent_today(${alice.userId}::uuid, ${limitDayStart(t.clock.now()).toISOString()}::timestamptz,
          ${JSON.stringify(transferTypes)}::jsonb)`,
      );
      return (await recordsRead(tx)) - before;
    });
    // Today Alice has her credit and three transfers; the older 3,000 must not be read at all.
    expect(read).toBeLessThanOrEqual(4);
  });

  it('still counts today against the limit, not the older records', async () => {
    await t.database.db.execute(
      sql`update profiles set account_limit_cents = 1000 where user_id = ${alice.userId}::uuid`,
    );
    // 6.00 sent today above; 4.00 more reaches the 10.00 limit exactly, one cent more is refused.
    const atLimit = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '4.00' });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const over = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '0.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('TRANSFER_LIMIT_EXCEEDED');
  });
});
