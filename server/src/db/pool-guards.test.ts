import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { guardPooledClient, isRetryableRead, retryConnectOnce } from './pool-guards';

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
    // pg-pool's release throws when called twice, as the real one does.
    let released = false;
    const client = {
      fake: 'client',
      release: () => {
        if (released)
          throw new Error('Release called on client which has already been released to the pool.');
        released = true;
      },
    };
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

describe('a pooled client whose connection is lost', () => {
  /** A checked-out client (through retryConnectOnce) whose every query fails with `error`. */
  async function lostClient(error: Error) {
    const events: string[] = [];
    const client = {
      on: () => client,
      query: () => Promise.reject(error),
      end: () => {
        events.push('end');
        return Promise.resolve();
      },
      release: (err?: Error) => {
        if (events.includes('release'))
          throw new Error('Release called on client which has already been released to the pool.');
        events.push(err ? 'release' : 'release');
      },
    };
    const pool = { connect: () => Promise.resolve(client) };
    retryConnectOnce(pool as unknown as pg.Pool);
    const checkedOut = (await (pool as unknown as pg.Pool).connect()) as unknown as typeof client;
    guardPooledClient(checkedOut as unknown as pg.PoolClient, () => events.push('forget'));
    return { client: checkedOut, events };
  }

  it("is ended and released by its guard: a holder that never reaches its release (BEGIN outside Drizzle's try) leaks nothing", async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const { client, events } = await lostClient(lost);
    await expect(client.query()).rejects.toBe(lost);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['forget', 'end', 'release']);
    // The holder's own release afterwards does nothing rather than throw.
    expect(() => client.release()).not.toThrow();
    expect(events.filter((e) => e === 'release')).toHaveLength(1);
  });

  it('is left to its holder when the error is not about availability', async () => {
    const denied = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { client, events } = await lostClient(denied);
    await expect(client.query()).rejects.toBe(denied);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
  });
});
