/** The little a periodic job logs with (pino's logger fits). */
export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PeriodicJob {
  /** Runs now, then again `intervalMs` after each run ends (never two runs at once). */
  start(): void;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `runOnce` in this instance on a fixed pause between runs. The work itself must be safe in
 * every instance at once (claims with `FOR UPDATE SKIP LOCKED`): this only schedules it. A failed
 * run is logged and the next one retries; timers are unref'd so they never keep a process alive.
 */
export function createPeriodicJob(options: {
  runOnce: () => Promise<unknown>;
  intervalMs: number;
  logger: JobLogger;
  /** Logged when a run fails, e.g. "housekeeping failed; next run retries". */
  failureMessage: string;
}): PeriodicJob {
  const { runOnce, intervalMs, logger, failureMessage } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  function tick(): void {
    running = runOnce()
      .catch((error: unknown) => logger.error({ err: error }, failureMessage))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  }

  return {
    start() {
      if (timer || running) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
