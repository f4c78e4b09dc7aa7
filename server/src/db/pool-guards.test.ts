import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { isRetryableRead, retryConnectOnce } from './pool-guards';

describe('isRetryableRead', () => {
  it.each([
    [['select "id" from "profiles" where "user_id" = $1', ['x']]],
    [[{ text: '  SELECT 1', values: [] }]],
    [[{ text: 'select count(*) from accounts', rowMode: 'array' }]],
  ])('a plain SELECT on the pool may be sent again: %j', (args) => {
    expect(isRetryableRead(args)).toBe(true);
  });

  it.each([
    [['insert into sessions values ($1)', ['x']]],
    [['update accounts set balance = 0']],
    [['with moved as (delete from outbox returning *) select * from moved']],
    [['select * from accounts where id = $1 for update', ['x']]],
    [['select * from outbox for no key update skip locked']],
    [['select pg_notify($1, $2)', ['c', 'p']]],
    [['select nextval($1)', ['s']]],
    [['select pg_advisory_lock(1)']],
    [['select 1', () => undefined]],
    [[{ name: 'no text' }]],
    [[]],
  ])('anything else is not: %j', (args) => {
    expect(isRetryableRead(args)).toBe(false);
  });
});

describe('retryConnectOnce', () => {
  /** A pool whose connect fails with the given errors in turn, then hands out a client. */
  function fakePool(errors: Error[]) {
    const client = { fake: 'client' };
    let calls = 0;
    const pool = {
      connect(callback?: (error: Error | undefined, client?: unknown) => void) {
        const error = errors[calls];
        calls += 1;
        if (callback) {
          setImmediate(() => (error ? callback(error) : callback(undefined, client)));
          return undefined;
        }
        return error ? Promise.reject(error) : Promise.resolve(client);
      },
    };
    retryConnectOnce(pool as unknown as pg.Pool);
    return { pool: pool as unknown as pg.Pool, client, calls: () => calls };
  }
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('tries a connection that could not be made once more', async () => {
    const fake = fakePool([refused()]);
    await expect(fake.pool.connect()).resolves.toBe(fake.client);
    expect(fake.calls()).toBe(2);
  });

  it("only once: a second refusal is the caller's", async () => {
    const fake = fakePool([refused(), refused()]);
    await expect(fake.pool.connect()).rejects.toThrow(/ECONNREFUSED/);
    expect(fake.calls()).toBe(2);
  });

  it("also for pg-pool's own callback-style connect (pool.query)", async () => {
    const fake = fakePool([refused()]);
    const got = await new Promise((resolve, reject) =>
      fake.pool.connect((error, client) => (error ? reject(error) : resolve(client))),
    );
    expect(got).toBe(fake.client);
    expect(fake.calls()).toBe(2);
  });

  it.each([
    [
      "the pool's checkout timeout (overload: waiting again only doubles the wait)",
      new Error('timeout exceeded when trying to connect'),
    ],
    [
      'an error that is not about availability',
      Object.assign(new Error('password authentication failed'), { code: '28P01' }),
    ],
  ])('not %s', async (_, error) => {
    const fake = fakePool([error]);
    await expect(fake.pool.connect()).rejects.toBe(error);
    expect(fake.calls()).toBe(1);
  });
});
