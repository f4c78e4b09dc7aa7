import { describeUnavailable, isDatabaseUnavailable } from './unavailable';

/**
 * Start-up's wait for a database that cannot take the migrations yet (decision 0108): unreachable,
 * a standby, read-only mid-failover, or lost in the middle of migrating (the failover rolled the
 * migration transaction back). The attempts back off from the first delay, doubling to the cap,
 * until the configured wait is spent; then start-up gives up and the process exits 1.
 */
export const START_UP_RETRY_MIN_MS = 1_000;
export const START_UP_RETRY_MAX_MS = 15_000;
/** The default of DATABASE_STARTUP_WAIT_SECONDS: longer than a lost node's failover (~51 s). */
export const START_UP_WAIT_DEFAULT_SECONDS = 120;

export interface StartUpRetryOptions {
  /** How long to keep trying, from the first attempt; 0 tries once. */
  waitMs: number;
  /** One line per failed attempt (the caller prints it; never a URL or a query). */
  log(line: string): void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `step` (the migrations) until it succeeds, retrying only while the database is
 * unavailable. Any other error (a broken migration) is thrown at once; so is the last
 * "unavailable" once the wait is spent.
 */
export async function retryWhileUnavailable<T>(
  step: () => Promise<T>,
  options: StartUpRetryOptions,
): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const deadline = now() + options.waitMs;
  let delayMs = START_UP_RETRY_MIN_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = deadline - now();
      if (left <= 0) throw error;
      const wait = Math.min(delayMs, left);
      options.log(
        `Larkspur Bank is waiting for the database (attempt ${attempt}): ${describeUnavailable(error)}; trying again in ${Math.ceil(wait / 1000)} s`,
      );
      await sleep(wait);
      delayMs = Math.min(delayMs * 2, START_UP_RETRY_MAX_MS);
    }
  }
}
