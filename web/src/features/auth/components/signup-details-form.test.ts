import { describe, expect, it } from 'vitest';
import { formatSsn } from './signup-details-form';

describe('formatSsn (the SSN field as the person types)', () => {
  it.each([
    ['', ''],
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['123 45 6789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123-', '123'],
    ['abc', ''],
  ])('%j → %j', (typed, shown) => {
    expect(formatSsn(typed)).toBe(shown);
  });
});
