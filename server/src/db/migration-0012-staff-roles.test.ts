import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

/**
 * Migration 0012 (decision 0167) on a database as it was before it: every admin that existed
 * becomes an administrator, customers get no set, and from then on the check constraint holds.
 * The migration's own SQL file is run, on PGlite and on PostgreSQL.
 */
const MIGRATION = path.resolve(import.meta.dirname, 'migrations/0012_staff_roles.sql');

let testDb: TestDatabase;
const rows = async (query: ReturnType<typeof sql>) => {
  const result = (await testDb.database.db.execute(query)) as unknown as
    { rows: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(result) ? result : result.rows;
};

async function insertPerson(role: 'user' | 'admin', staffRole?: string): Promise<string> {
  const id = crypto.randomUUID();
  await testDb.database.db.execute(
    sql`insert into identities (id, email, password_hash) values (${id}, ${`${id}@example.test`}, 'x')`,
  );
  await testDb.database.db.execute(
    staffRole === undefined
      ? sql`insert into profiles (user_id, role, first_name, surname, account_limit_cents, avatar_url)
            values (${id}, ${role}, 'A', 'B', 0, '/a.svg')`
      : sql`insert into profiles (user_id, role, staff_role, first_name, surname, account_limit_cents, avatar_url)
            values (${id}, ${role}, ${staffRole}, 'A', 'B', 0, '/a.svg')`,
  );
  return id;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Back to the schema before 0012.
  await testDb.database.db.execute(sql`alter table profiles drop constraint profiles_staff_role_valid`);
  await testDb.database.db.execute(sql`alter table profiles drop column staff_role`);
});
afterAll(async () => {
  await testDb.drop();
});

describe('migration 0012: staff permission sets', () => {
  let admin: string;
  let customer: string;

  it('makes every existing admin an administrator and leaves customers without a set', async () => {
    admin = await insertPerson('admin');
    customer = await insertPerson('user');
    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await testDb.database.db.execute(sql.raw(statement));
    }
    const after = await rows(
      sql`select user_id, staff_role from profiles where user_id in (${admin}, ${customer})`,
    );
    const byId = Object.fromEntries(after.map((r) => [r.user_id, r.staff_role]));
    expect(byId[admin]).toBe('administrator');
    expect(byId[customer]).toBeNull();
  });

  it('then refuses an admin without a set, a customer with one, and an unknown set', async () => {
    await expect(insertPerson('admin')).rejects.toThrow();
    await expect(insertPerson('user', 'operator')).rejects.toThrow();
    await expect(insertPerson('admin', 'root')).rejects.toThrow();
    await expect(
      testDb.database.db.execute(
        sql`update profiles set staff_role = 'approver' where user_id = ${customer}`,
      ),
    ).rejects.toThrow();
    await expect(insertPerson('admin', 'operator')).resolves.toEqual(expect.any(String));
  });
});
