import { describe, expect, it } from 'vitest';
import { isRetryableRead } from './pool-guards';

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
