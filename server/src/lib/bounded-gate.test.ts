import { describe, expect, it } from 'vitest';
import { createBoundedGate, GateFull } from './bounded-gate';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('a bounded gate', () => {
  it('runs at most inFlightMax jobs, queues waitingMax more and refuses the rest at once', async () => {
    const gate = createBoundedGate({ inFlightMax: 2, waitingMax: 3, waitMs: 60_000 });
    const hold = deferred();
    let started = 0;
    const job = async () => {
      started += 1;
      await hold.promise;
      return started;
    };
    const runs = Array.from({ length: 7 }, () =>
      gate.run(job).then(
        () => 'done',
        (error: unknown) => (error instanceof GateFull ? error.reason : 'other'),
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(2);
    expect(gate.inFlight).toBe(2);
    expect(gate.waiting).toBe(3);
    hold.resolve();
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'queue_full')).toHaveLength(2);
    expect(started).toBe(5);
    expect(gate.inFlight).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('refuses a job that waited too long, and frees its place in the queue', async () => {
    const gate = createBoundedGate({ inFlightMax: 1, waitingMax: 1, waitMs: 20 });
    const hold = deferred();
    const first = gate.run(() => hold.promise);
    await expect(gate.run(async () => 'never')).rejects.toMatchObject({ reason: 'wait_expired' });
    expect(gate.waiting).toBe(0);
    hold.resolve();
    await first;
    await expect(gate.run(async () => 'now')).resolves.toBe('now');
  });

  it('frees the place of a job that throws', async () => {
    const gate = createBoundedGate({ inFlightMax: 1, waitingMax: 0, waitMs: 10 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });
});
