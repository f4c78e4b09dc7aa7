import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema/index';
import { credit, transfer } from '../../test/banking';
import { createAdmin, loginAdmin, signUpCustomer } from '../../test/identity';
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
});
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
