import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { functionFiles } from './functions';

/**
 * Decision 0212 (issue 29): every function of the bank lives in one file of `db/functions/`, and
 * the database runs exactly that file's body — on PGlite and on PostgreSQL, after the migrations.
 */

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

async function definitions(): Promise<Map<string, string>> {
  const result = (await testDb.database.db.execute(
    sql`select p.proname as name, p.prosrc as body
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.proname like 'lb\\_%'`,
  )) as unknown as { rows?: { name: string; body: string }[] } | { name: string; body: string }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return new Map(rows.map((row) => [row.name, row.body]));
}

/** The body between the file's `$$` quotes: what PostgreSQL keeps as `prosrc`. */
function bodyOf(file: string): string {
  const match = /AS \$\$([\s\S]*)\$\$;\s*$/.exec(file);
  if (!match?.[1]) throw new Error('a function file ends with its $$-quoted body');
  return match[1];
}

describe('the SQL functions (decision 0212)', () => {
  it('runs each function exactly as its file says', async () => {
    const live = await definitions();
    for (const file of functionFiles()) expect(live.get(file.name), file.name).toBe(bodyOf(file.sql));
  });

  it('has a file for every function the database has, one per function, each named for it', async () => {
    const files = functionFiles();
    expect([...(await definitions()).keys()].sort()).toEqual(files.map((f) => f.name));
    for (const file of files) {
      const defined = [...file.sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\s*\(/g)].map((m) => m[1]);
      expect(defined, file.name).toEqual([file.name]);
    }
  });
});
