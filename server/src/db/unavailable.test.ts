import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable, retryIdempotentWriteOnce } from './unavailable';

/** A PostgreSQL error as node-postgres raises it: a message and a SQLSTATE `code`. */
const pgError = (code: string) => Object.assign(new Error('from the server'), { code });
/** As Drizzle raises it: "Failed query: …" with pg's error as the cause. */
const drizzleError = (cause: unknown) =>
  Object.assign(new Error('Failed query: select 1', { cause }), { name: 'DrizzleQueryError' });

describe('isDatabaseUnavailable', () => {
  it.each(['25006', '57P01', '57P02', '57P03', '08000', '08003', '08006'])(
    'SQLSTATE %s, also wrapped by Drizzle, is unavailable',
    (code) => {
      expect(isDatabaseUnavailable(pgError(code))).toBe(true);
      expect(isDatabaseUnavailable(drizzleError(pgError(code)))).toBe(true);
    },
  );

  it.each(['ECONNREFUSED', 'ECONNRESET'])('a socket error %s is unavailable', (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(`connect ${code}`), { code }))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
    'timeout exceeded when trying to connect',
  ])('node-postgres\'s "%s" is unavailable', (message) => {
    expect(isDatabaseUnavailable(drizzleError(new Error(message)))).toBe(true);
  });

  it('every address of a host refusing (an AggregateError) is unavailable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all failed'))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('no host'))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a serialization failure', pgError('40001')],
    ['a statement timeout', pgError('57014')],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a string', 'Connection terminated'],
    ['null', null],
  ])('%s is not unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(drizzleError(error))).toBe(false);
  });

  it('a cycle of causes ends', () => {
    const a: { cause?: unknown } & Error = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('retryIdempotentWriteOnce', () => {
  const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), {});
  it('sends an idempotent write once more when its connection was lost', async () => {
    let calls = 0;
    const result = await retryIdempotentWriteOnce(async () => {
      calls += 1;
      if (calls === 1) throw lost();
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(2);
  });

  it('gives up after the second loss, and never repeats a write the database refused', async () => {
    let calls = 0;
    await expect(
      retryIdempotentWriteOnce(async () => {
        calls += 1;
        throw lost();
      }),
    ).rejects.toThrow('Connection terminated unexpectedly');
    expect(calls).toBe(2);
    calls = 0;
    const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryIdempotentWriteOnce(async () => {
        calls += 1;
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(calls).toBe(1);
  });
});
