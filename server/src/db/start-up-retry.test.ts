import { describe, expect, it } from 'vitest';
import { START_UP_RETRY_MAX_MS, START_UP_RETRY_MIN_MS, retryWhileUnavailable } from './start-up';
import { DatabaseUnavailableError } from './unavailable';

/** A clock and a sleep the test owns: the waits are recorded, not slept. */
function fakeTime() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('start-up waits for the database (decision 0108)', () => {
  it('retries while unavailable, backing off 1 s, 2 s, 4 s … up to the cap, then goes on', async () => {
    const time = fakeTime();
    const lines: string[] = [];
    let calls = 0;
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        // A lost connection mid-migration, then a standby, then a refused connection…
        if (calls <= 6)
          throw calls === 1 ? terminated() : new DatabaseUnavailableError('The database is a standby');
        return 'migrated';
      },
      { waitMs: 120_000, log: (line) => lines.push(line), ...time },
    );
    expect(result).toBe('migrated');
    expect(calls).toBe(7);
    expect(time.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, START_UP_RETRY_MAX_MS, START_UP_RETRY_MAX_MS]);
    expect(time.sleeps[0]).toBe(START_UP_RETRY_MIN_MS);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'Larkspur Bank is waiting for the database (attempt 1): the database is unavailable (terminating connection due to administrator command); trying again in 1 s',
    );
    expect(lines[1]).toMatch(
      /^Larkspur Bank is waiting for the database \(attempt 2\): The database is a standby;/,
    );
  });

  it('gives up with the last error once the wait is spent, never sleeping past it', async () => {
    const time = fakeTime();
    const error = await retryWhileUnavailable(
      async () => {
        throw new DatabaseUnavailableError('No database host accepted a read-write session');
      },
      { waitMs: 10_000, log: () => undefined, ...time },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(time.sleeps).toEqual([1_000, 2_000, 4_000, 3_000]);
  });

  it('tries once with a wait of 0, and throws any other error at once', async () => {
    const time = fakeTime();
    await expect(
      retryWhileUnavailable(() => Promise.reject(terminated()), { waitMs: 0, log: () => undefined, ...time }),
    ).rejects.toMatchObject({ code: '57P01' });
    const broken = Object.assign(new Error('syntax error at or near "CREAT"'), { code: '42601' });
    await expect(
      retryWhileUnavailable(() => Promise.reject(broken), { waitMs: 60_000, log: () => undefined, ...time }),
    ).rejects.toBe(broken);
    expect(time.sleeps).toEqual([]);
  });
});
