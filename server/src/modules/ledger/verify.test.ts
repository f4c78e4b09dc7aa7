import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { accounts, depositHolds } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { checkMicr, checkPhotos } from '../../test/check-images';
import { JSON_HEADERS, createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { verifyLedger } from './verify';

/** The checker is only worth something if it catches a broken ledger: break one on purpose. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createAdmin(t);
  const cookie = await loginAdmin(t, admin.email, admin.password);
  const alice = await signUpCustomer(t);
  const bob = await signUpCustomer(t);
  await credit(t, cookie, alice.userId, '50.00');
  await transfer(t, alice, { recipientAccount: bob.accountNumber, amount: '20.00' });
  const deposited = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: bob.cookie },
    payload: { amount: '40.00', checkNumber: '300', ...(await checkPhotos()), ...checkMicr() },
  });
  if (deposited.statusCode !== 201) throw new Error(deposited.body);
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/deposits/check',
    headers: { ...JSON_HEADERS, cookie: bob.cookie },
    payload: { amount: '15.00', checkNumber: '301', ...(await checkPhotos()), ...checkMicr() },
  });
  const [hold] = await t.database.db
    .select({ id: depositHolds.id })
    .from(depositHolds)
    .where(eq(depositHolds.recordId, second.json().transaction.id));
  const returned = await t.app.inject({
    method: 'POST',
    url: `/api/admin/holds/${hold!.id}/return`,
    headers: { ...JSON_HEADERS, cookie },
    payload: { reason: 'Bounced' },
  });
  if (returned.statusCode !== 200) throw new Error(returned.body);
});

/** Runs `corrupt` in a transaction that is rolled back, and gives the rules verifyLedger then breaks. */
async function rulesBrokenBy(corrupt: (tx: Tx) => Promise<unknown>): Promise<string[]> {
  let rules: string[] = [];
  await t.database.db
    .transaction(async (tx) => {
      await corrupt(tx);
      rules = (await verifyLedger(tx as never)).violations.map((v) => v.rule).sort();
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
    });
  return rules;
}
afterAll(async () => {
  await t.close();
});

describe('verifyLedger', () => {
  it('finds nothing wrong with a ledger the services wrote', async () => {
    const { violations, stats } = await verifyLedger(t.database.db);
    expect(violations).toEqual([]);
    expect(stats.sum).toBe('0');
  });

  it('catches a cached balance that drifted from its postings, and money out of thin air', async () => {
    await t.database.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(accounts).where(eq(accounts.kind, 'customer')).limit(1);
        await tx
          .update(accounts)
          .set({ balanceCents: sql`${accounts.balanceCents} + 1` })
          .where(eq(accounts.id, row!.id));
        const { violations } = await verifyLedger(tx as never);
        expect(violations.map((v) => v.rule).sort()).toEqual([
          'all balances sum to zero',
          'cached balance = sum of postings',
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });

  it('catches held money that was spent', async () => {
    // The CHECK constraint forbids it, so drop it first: the checker must not rely on it.
    const rules = await rulesBrokenBy(async (tx) => {
      await tx.execute(sql`alter table accounts drop constraint accounts_customer_available_nonnegative`);
      await tx.execute(
        sql`update accounts set held_cents = balance_cents + 1, balance_cents = balance_cents where id = (select account_id from deposit_holds where status = 'active' limit 1)`,
      );
    });
    expect(rules).toContain('available balance ≥ 0');
    expect(rules).toContain('held cents = sum of active holds');
  });

  it('catches held cents that do not add up to the active holds', async () => {
    const rules = await rulesBrokenBy((tx) =>
      tx.execute(sql`update deposit_holds set released_cents = released_cents + 1 where status = 'active'`),
    );
    expect(rules).toEqual(['held cents = sum of active holds']);
  });

  it('catches a hold that differs from its record, and a released hold still holding money', async () => {
    const rules = await rulesBrokenBy(async (tx) => {
      await tx.execute(
        sql`update deposit_holds set amount_cents = amount_cents + 100 where status = 'returned'`,
      );
      await tx.execute(
        sql`update deposit_holds set status = 'released', next_release_at = null where status = 'active'`,
      );
    });
    expect(rules).toContain('a hold matches its check deposit');
    expect(rules).toContain('an ended hold holds nothing');
  });

  it('catches a returned check without its reversing entry', async () => {
    const rules = await rulesBrokenBy((tx) =>
      tx.execute(sql`update deposit_holds set return_entry_id = null where status = 'returned'`),
    );
    expect(rules).toEqual(['a returned check is reversed']);
  });

  it('catches an unbalanced entry', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update postings set amount_cents = amount_cents + 5 where id = (select max(id) from postings)`,
        );
        const { violations } = await verifyLedger(tx as never);
        expect(violations.some((v) => v.rule === 'entry balances')).toBe(true);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });
});
