import { describe, expect, it } from 'vitest';
import { required, requiredDate } from './required';

describe('required', () => {
  it('returns a present value as it is, falsy ones included', () => {
    expect(required('Ada', 'name')).toBe('Ada');
    expect(required('', 'purpose')).toBe('');
    expect(required(0, 'count')).toBe(0);
    expect(required(0n, 'cents')).toBe(0n);
  });

  it('throws naming the field when the value is missing', () => {
    expect(() => required(undefined, 'money alert counterparty')).toThrow(
      'Missing required value: money alert counterparty',
    );
    expect(() => required(null, 'statement line type')).toThrow(
      'Missing required value: statement line type',
    );
  });
});

describe('requiredDate', () => {
  it('reads ISO text and Dates', () => {
    expect(requiredDate('2026-03-04T15:06:00.000Z', 'date').toISOString()).toBe('2026-03-04T15:06:00.000Z');
    const at = new Date('2026-01-15T12:00:00.000Z');
    expect(requiredDate(at, 'date').getTime()).toBe(at.getTime());
  });

  it('throws naming the field when the date is missing or not a date, never the epoch', () => {
    expect(() => requiredDate(undefined, 'money alert date')).toThrow(
      'Missing required value: money alert date',
    );
    expect(() => requiredDate('yesterday', 'money alert date')).toThrow('Not a valid date: money alert date');
  });
});
