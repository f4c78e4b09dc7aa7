/**
 * A counting semaphore with a bounded queue and a bounded wait (issue 27, decisions 0191 and
 * 0193): at most `inFlightMax` jobs run at once, at most `waitingMax` more wait for a place, each
 * for at most `waitMs`. A job that finds the queue full, or waits too long, is refused at once
 * with `GateFull` rather than piling up memory or time: the caller answers 503 with Retry-After.
 */
export class GateFull extends Error {
  constructor(readonly reason: 'queue_full' | 'wait_expired') {
    super(`Gate refused a job: ${reason}`);
    this.name = 'GateFull';
  }
}

export interface BoundedGate {
  /** Runs `job` once a place is free; throws GateFull if none frees up in time. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now, and jobs waiting. */
  readonly inFlight: number;
  readonly waiting: number;
}

export function createBoundedGate(limits: {
  inFlightMax: number;
  waitingMax: number;
  waitMs: number;
}): BoundedGate {
  let inFlight = 0;
  const queue: Array<{ admit: () => void; timer: NodeJS.Timeout }> = [];

  function acquire(): Promise<void> {
    if (inFlight < limits.inFlightMax) {
      inFlight += 1;
      return Promise.resolve();
    }
    if (queue.length >= limits.waitingMax) return Promise.reject(new GateFull('queue_full'));
    return new Promise<void>((resolve, reject) => {
      const entry = {
        // The place is handed over by `release`: inFlight is not decremented in between.
        admit: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          reject(new GateFull('wait_expired'));
        }, limits.waitMs),
      };
      queue.push(entry);
    });
  }

  function release(): void {
    const next = queue.shift();
    if (next) next.admit();
    else inFlight -= 1;
  }

  return {
    async run(job) {
      await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}
