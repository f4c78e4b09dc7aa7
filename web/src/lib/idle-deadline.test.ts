import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_IDLE_HEADER as contractHeader } from '@larkspur/contract';
import {
  clearIdleDeadline,
  getIdleDeadline,
  noteIdleDeadline,
  noteServerDate,
  resetIdleDeadlineStore,
  SESSION_IDLE_HEADER,
} from './idle-deadline';

afterEach(resetIdleDeadlineStore);

describe('the idle deadline store', () => {
  it('names the same header as the contract', () => {
    expect(SESSION_IDLE_HEADER).toBe(contractHeader);
  });

  it('keeps the latest deadline; an older answer arriving late cannot pull it back', () => {
    noteIdleDeadline('2030-01-01T10:15:00.000Z');
    noteIdleDeadline('2030-01-01T10:14:00.000Z');
    expect(getIdleDeadline()).toBe(Date.parse('2030-01-01T10:15:00.000Z'));
    noteIdleDeadline('2030-01-01T10:16:00.000Z');
    expect(getIdleDeadline()).toBe(Date.parse('2030-01-01T10:16:00.000Z'));
  });

  it('moves the server’s deadline onto this browser’s clock', () => {
    // This browser's clock runs 3 minutes behind the server's.
    const localNow = Date.parse('2030-01-01T09:57:00.000Z');
    noteServerDate('Tue, 01 Jan 2030 10:00:00 GMT', localNow);
    noteIdleDeadline('2030-01-01T10:15:00.000Z');
    expect(getIdleDeadline()).toBe(Date.parse('2030-01-01T10:12:00.000Z'));
  });

  it('ignores what it cannot read and forgets on sign-out', () => {
    noteServerDate('not a date');
    noteIdleDeadline(null);
    noteIdleDeadline('soon');
    expect(getIdleDeadline()).toBeNull();
    noteIdleDeadline('2030-01-01T10:15:00.000Z');
    clearIdleDeadline();
    expect(getIdleDeadline()).toBeNull();
  });
});
