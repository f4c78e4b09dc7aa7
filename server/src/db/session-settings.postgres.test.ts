import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

async function setting(test: TestDatabase, name: 'jit' | 'statement_timeout'): Promise<string> {
  const result = (await test.database.db.execute(
    sql`select current_setting(${name}) as value`,
  )) as unknown as { rows: { value: string }[] };
  return result.rows[0]?.value ?? '';
}

/**
 * What every pooled connection of the bank sets at start-up. JIT compilation is off: it paid
 * 25–130 ms to compile a records page's running balance that runs in under a millisecond (its
 * estimated cost crosses `jit_above_cost` once a customer has tens of thousands of records), which
 * made that page's p99 at a million records 133 ms in `npm run bench`.
 */
describe("the bank's database sessions", () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });

  afterAll(async () => {
    await test?.drop();
  });

  it('compile no query just in time', async () => {
    expect(await setting(test, 'jit')).toBe('off');
  });

  it('still end a statement stuck for 30 s', async () => {
    expect(await setting(test, 'statement_timeout')).toBe('30s');
  });
});
