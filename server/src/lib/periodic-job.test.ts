import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob } from './periodic-job';

describe('createPeriodicJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const logger = () => ({ info: vi.fn(), error: vi.fn() });

  it('runs at once, then again a pause after each run ends; a failed run is logged and the next retries', async () => {
    const log = logger();
    let runs = 0;
    const job = createPeriodicJob({
      runOnce: () => {
        runs += 1;
        return runs === 2 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
      intervalMs: 1_000,
      logger: log,
      failureMessage: 'job failed; next run retries',
    });
    job.start();
    job.start(); // a second start while running is a no-op
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'job failed; next run retries',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
  });

  it('stop waits for the run in progress and schedules nothing after it', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    const job = createPeriodicJob({
      runOnce: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      intervalMs: 1_000,
      logger: logger(),
      failureMessage: 'x',
    });
    job.start();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
  });
});
