import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, transactionRecordSchema, type TransactionRecord } from '@larkspur/contract';
import { checkMicr, checkPhotos } from '../../test/check-images';
import { fundedPair, transfer } from '../../test/banking';
import { JSON_HEADERS, type SignedUpCustomer } from '../../test/identity';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * Where a rule is written twice, once in SQL for the one-statement movements and once in
 * TypeScript for the reads (docs/architecture.md, "Money rules"), these prove the two agree
 * (issue 29): the cents as text, and the record a movement answers with against the record the
 * statement lists.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

describe('the SQL and TypeScript halves of a money rule agree', () => {
  it('lb_format_cents formats every amount as formatCents does', async () => {
    const edges = [0n, 1n, -1n, 9n, 10n, 99n, 100n, 101n, -100n, 123_456_789n, -9_223_372_036_854_775_807n];
    const sampled = fc.sample(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), 500);
    const values = [...edges, ...sampled];
    const answers = await rows<{ v: string; s: string }>(
      sql`select v::text as v, lb_format_cents(v) as s from unnest(${`{${values.join(',')}}`}::bigint[]) as v`,
    );
    expect(answers).toHaveLength(values.length);
    for (const { v, s } of answers) expect(s, `${v} cents`).toBe(formatCents(BigInt(v)));
  });

  it('a movement answers with the record the statement then lists, field for field', async () => {
    const { alice, bob } = await fundedPair(t, '500.00');
    const page = async (who: SignedUpCustomer) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/me/transactions?limit=100',
        headers: { cookie: who.cookie },
      });
      return (res.json() as { items: TransactionRecord[] }).items;
    };
    const compare = (answered: TransactionRecord, listed: TransactionRecord | undefined) => {
      expect(listed, answered.transactionId).toBeDefined();
      for (const key of Object.keys(transactionRecordSchema.shape) as (keyof TransactionRecord)[]) {
        // A movement's answer leaves the shared reference out: it is its own transactionId there
        // (decision 0197, `transactionRecordSchema`).
        if (key === 'reference') {
          expect(answered.reference ?? answered.transactionId).toBe(listed?.reference);
          continue;
        }
        expect(answered[key], `${answered.transactionId}.${key}`).toEqual(listed?.[key]);
      }
    };

    // A transfer: one SQL statement (lb_transfer → lb_record_dto).
    const sent = await transfer(t, alice, {
      recipientAccount: bob.accountNumber,
      amount: '12.34',
      purpose: 'Mirror',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sentRecord = (sent.json() as { transaction: TransactionRecord }).transaction;
    compare(
      sentRecord,
      (await page(alice)).find((r) => r.id === sentRecord.id),
    );

    // A check deposit: the TypeScript use case, with a hold.
    const deposited = await t.app.inject({
      method: 'POST',
      url: '/api/deposits/check',
      headers: { ...JSON_HEADERS, cookie: bob.cookie },
      payload: { amount: '45.67', checkNumber: '1001', ...checkMicr(), ...(await checkPhotos()) },
    });
    expect(deposited.statusCode, deposited.body).toBe(201);
    const depositRecord = (deposited.json() as { transaction: TransactionRecord }).transaction;
    compare(
      depositRecord,
      (await page(bob)).find((r) => r.id === depositRecord.id),
    );
  });
});
