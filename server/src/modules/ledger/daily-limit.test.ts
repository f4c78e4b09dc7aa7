import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { sentTodaySql } from './banking-service';

/** A long history: many times what a day holds, so a check that reads it all shows at once. */
const OLDER_RECORDS = 3_000;

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan's scans read from transaction_records: those kept plus those filtered away. */
function rowsRead(node: PlanNode): number {
  const own = /Scan/.test(node['Node Type'])
    ? ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
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
    const result = (await t.database.db.execute(
      sql`explain (analyze, format json) select ${sentTodaySql(alice.userId, t.clock.now())} as sent`,
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
    const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
    if (!plan) throw new Error('no plan');
    // Today Alice has her credit and three transfers; the older 3,000 must not be read at all.
    expect(rowsRead(plan)).toBeLessThanOrEqual(4);
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
