import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { groupCommitRunner } from './group-commit';
import type { MovementOutcome } from './sql-movement';

/**
 * The group-commit runner against a database whose answers the test decides (decision 0173): what
 * goes together, what is run again alone, and what is never sent twice.
 */
type Call = { kind: 'single' | 'batch'; items: string[] };

function fakeDatabase(answer: (call: Call) => Promise<unknown>): { db: Database; calls: Call[] } {
  const calls: Call[] = [];
  const db = {
    execute: async (query: SQL) => {
      const json = query.queryChunks.find((chunk): chunk is string => typeof chunk === 'string');
      const batch = JSON.stringify(query.queryChunks).includes('lb_transfer_batch');
      const call: Call = batch
        ? { kind: 'batch', items: (JSON.parse(json ?? '[]') as { id: string }[]).map((item) => item.id) }
        : { kind: 'single', items: [(JSON.parse(json ?? '{}') as { id: string }).id] };
      calls.push(call);
      const rows = await answer(call);
      return { rows: [batch ? { answers: rows } : { outcome: rows }] };
    },
  } as unknown as Database;
  return { db, calls };
}

const done = (id: string): MovementOutcome => ({ outcome: 'done', status: 201, body: { id }, touched: [] });

/** A promise the test resolves when it chooses: the database "working" on a call. */
function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('group commit runner', () => {
  it('sends the first transfer at once and the ones that arrive meanwhile together, each answered with its own', async () => {
    const first = gate();
    const { db, calls } = fakeDatabase(async (call) => {
      if (call.items[0] === 'a') await first.wait;
      return call.kind === 'batch' ? call.items.map(done) : done(call.items[0] ?? '');
    });
    const runner = groupCommitRunner(db, { lanes: 1 });
    const answers = ['a', 'b', 'c', 'd'].map((id) => runner.transfer({ id }));
    first.open();
    const results = await Promise.all(answers);
    expect(calls).toEqual([
      { kind: 'single', items: ['a'] },
      { kind: 'batch', items: ['b', 'c', 'd'] },
    ]);
    expect(results.map((result) => (result as { body: { id: string } }).body.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('runs a batch the database refused again item by item', async () => {
    const first = gate();
    const { db, calls } = fakeDatabase(async (call) => {
      if (call.items[0] === 'a') await first.wait;
      if (call.kind === 'batch') throw Object.assign(new Error('lock timeout'), { code: '55P03' });
      return done(call.items[0] ?? '');
    });
    const runner = groupCommitRunner(db, { lanes: 1 });
    const answers = ['a', 'b', 'c'].map((id) => runner.transfer({ id }));
    first.open();
    expect((await Promise.all(answers)).map((result) => result.outcome)).toEqual(['done', 'done', 'done']);
    expect(calls.map((call) => `${call.kind}:${call.items.join(',')}`)).toEqual([
      'single:a',
      'batch:b,c',
      'single:b',
      'single:c',
    ]);
  });

  it('never sends again a batch whose connection was lost: its outcome is unknown, each item gets the error', async () => {
    const first = gate();
    const { db, calls } = fakeDatabase(async (call) => {
      if (call.items[0] === 'a') await first.wait;
      if (call.kind === 'batch') throw new Error('Connection terminated unexpectedly');
      return done(call.items[0] ?? '');
    });
    const runner = groupCommitRunner(db, { lanes: 1 });
    const answers = ['a', 'b', 'c'].map((id) =>
      runner.transfer({ id }).then(
        (result) => result.outcome,
        (error: Error) => error.message,
      ),
    );
    first.open();
    expect(await Promise.all(answers)).toEqual([
      'done',
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
    ]);
    expect(calls.filter((call) => call.items.includes('b'))).toHaveLength(1);
  });

  it('carries at most the batch maximum in one call, and uses its lanes side by side', async () => {
    const hold = gate();
    const { db, calls } = fakeDatabase(async (call) => {
      await hold.wait;
      return call.kind === 'batch' ? call.items.map(done) : done(call.items[0] ?? '');
    });
    const runner = groupCommitRunner(db, { lanes: 2, batchMax: 3 });
    const answers = Array.from({ length: 9 }, (_, i) => runner.transfer({ id: String(i) }));
    hold.open();
    await Promise.all(answers);
    expect(calls.slice(0, 2).map((call) => call.kind)).toEqual(['single', 'single']);
    expect(Math.max(...calls.map((call) => call.items.length))).toBe(3);
    expect(calls.flatMap((call) => call.items).sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });
});
