import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it.each([
    [0, '0 loan applications'],
    [1, '1 loan application'],
    [2, '2 loan applications'],
    [1234, '1,234 loan applications'],
  ])('%i → %s', (count, text) => {
    expect(plural(count, 'loan application')).toBe(text);
  });

  it('takes irregular plurals', () => {
    expect(plural(1, 'branch', 'branches')).toBe('1 branch');
    expect(pluralWord(3, 'match', 'matches')).toBe('matches');
  });
});
