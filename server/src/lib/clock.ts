/** Time as a dependency, so tests can move it (code expiry, session timeouts, lockouts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date('2026-01-15T12:00:00.000Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceMs(ms: number): void {
    this.current += ms;
  }
  set(date: Date): void {
    this.current = date.getTime();
  }
}

/**
 * The system clock plus an offset that only grows: the test clock of a test server (TEST_CLOCK=on,
 * decision 0160), which the e2e moves forward to make scheduled payments fall due. Never in
 * production: `loadConfig` refuses TEST_CLOCK=on unless NODE_ENV is test or development.
 */
export class ShiftableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves time forward (never back: sessions, codes and leases assume time only grows). */
  advanceMs(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('the test clock only moves forward');
    this.offsetMs += ms;
  }
}
