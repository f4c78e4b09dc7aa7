import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedPair, transfer } from '../../test/banking';
import type { SignedUpCustomer } from '../../test/identity';
import { rowsRead } from '../../test/ledger-rows';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** Many accounts: a movement that reads them all shows at once, one that reads its own does not. */
const OTHER_ACCOUNTS = 2_000;
/** The accounts a two-leg movement may read: its own two, once each to move and once to return. */
const ACCOUNT_ROWS_PER_MOVEMENT_MAX = 4;

async function accountIdOf(t: TestApp, userId: string): Promise<string> {
  const result = (await t.database.db.execute(
    sql`select id::text as id from accounts where user_id = ${userId}::uuid`,
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no account');
  return id;
}

/**
 * Issue 15: a movement's cost must not grow with the bank. `lb_post_movement` moved the balances
 * with one UPDATE … FROM the legs, which the planner joined by scanning every account.
 */
describe('a movement reads its own accounts, however many the bank holds', () => {
  let t: TestApp;
  let alice: SignedUpCustomer;
  let bob: SignedUpCustomer;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ alice, bob } = await fundedPair(t, '50.00'));
    // Accounts nobody moves: the bank's own, so that no customer or profile comes with them.
    await t.database.db.execute(sql`
      insert into accounts (kind, code) select 'system', 'cost-test-' || g from generate_series(1, ${OTHER_ACCOUNTS}) g`);
    await t.database.db.execute(sql`analyze accounts`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('moves the balances of a posting by their keys', async () => {
    const [from, to] = [await accountIdOf(t, alice.userId), await accountIdOf(t, bob.userId)];
    const read = await t.database.db.transaction(async (tx) => {
      const before = await rowsRead(tx, 'accounts');
      await tx.execute(
        sql`select lb_post_movement(${JSON.stringify({
          kind: 'transfer',
          description: 'cost test',
          actorId: alice.userId,
          at: t.clock.now().toISOString(),
          legs: [
            { accountId: from, amountCents: '-1' },
            { accountId: to, amountCents: '1' },
          ],
        })}::jsonb)`,
      );
      return (await rowsRead(tx, 'accounts')) - before;
    });
    expect(read).toBeLessThanOrEqual(ACCOUNT_ROWS_PER_MOVEMENT_MAX);
  });

  it("locks a transfer's parties by their keys", async () => {
    const item = {
      key: null,
      senderId: alice.userId,
      recipientAccount: bob.accountNumber,
      type: 'Local Transfer',
      // A refusal decided before any row is read: the parties' locks are all this call does.
      refusal: { code: 'INVALID_TRANSFER_AMOUNT', field: 'amount' },
      errors: { INVALID_TRANSFER_AMOUNT: { status: 422, message: 'Invalid amount.' } },
    };
    const read = await t.database.db.transaction(async (tx) => {
      const before = await rowsRead(tx, 'accounts');
      await tx.execute(sql`select lb_transfer(${JSON.stringify(item)}::jsonb)`);
      return (await rowsRead(tx, 'accounts')) - before;
    });
    expect(read).toBeLessThanOrEqual(ACCOUNT_ROWS_PER_MOVEMENT_MAX);
  });

  it('still moves money through the API with the other accounts there', async () => {
    const res = await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '1.00' });
    expect(res.statusCode, res.body).toBe(201);
    // 50.00, less the cent the posting above moved, less this dollar.
    expect(res.json().balance).toBe('48.99');
  });
});
