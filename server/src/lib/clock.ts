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
