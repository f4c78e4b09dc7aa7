import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createFieldCipher } from '../../lib/field-encryption';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createUserService, PROFILE_CHANNEL } from './user-service';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

describe('profile nudges', () => {
  it('delivers every nudge of a burst once, in a few statements, one at a time', async () => {
    const db = testDb.database.db;
    const users = createUserService({
      db,
      clock: new ManualClock(),
      cipher: createFieldCipher(crypto.randomBytes(32)),
    });
    const pushed: string[] = [];
    const unlisten = await testDb.database.listen(PROFILE_CHANNEL, (id) => pushed.push(id));
    const execute = vi.spyOn(db, 'execute');
    try {
      const ids = Array.from({ length: 1_200 }, (_, i) => `user-${i}`);
      // Each change is announced on its own, as 1,200 committed transfers would; some twice.
      for (const id of ids) users.profilesChanged([id]);
      users.profilesChanged(ids.slice(0, 10));
      await vi.waitFor(() => expect(new Set(pushed).size).toBe(ids.length), { timeout: 10_000 });
      expect(new Set(pushed)).toEqual(new Set(ids));
      // The first goes out at once; the rest wait for it and leave together, 500 per statement.
      expect(execute.mock.calls.length).toBeLessThanOrEqual(4);
      expect(pushed.length).toBeLessThanOrEqual(ids.length + 10);
    } finally {
      execute.mockRestore();
      await unlisten();
    }
  });

  it('never fails its caller, even when the database cannot take the NOTIFY', async () => {
    const db = testDb.database.db;
    const users = createUserService({
      db,
      clock: new ManualClock(),
      cipher: createFieldCipher(crypto.randomBytes(32)),
    });
    const execute = vi.spyOn(db, 'execute').mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect(() => users.profilesChanged(['someone'])).not.toThrow();
      await vi.waitFor(() => expect(execute).toHaveBeenCalledTimes(1));
      // The next change goes out normally.
      const pushed: string[] = [];
      const unlisten = await testDb.database.listen(PROFILE_CHANNEL, (id) => pushed.push(id));
      users.profilesChanged(['someone-else']);
      await vi.waitFor(() => expect(pushed).toContain('someone-else'), { timeout: 10_000 });
      await unlisten();
    } finally {
      execute.mockRestore();
    }
  });
});
