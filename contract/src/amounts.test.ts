import { describe, expect, it } from 'vitest';
import {
  normalizeTypedAmount,
  parseAmountToCents,
  parseTypedAmountToCents,
  typedAmountProblem,
} from './amounts';

describe('parseTypedAmountToCents (what people type into the web app)', () => {
  it.each([
    ['5', 500n],
    ['120', 12000n],
    ['12,000', 1200000n],
    ['12,000.50', 1200050n],
    ['1 200', 120000n],
    ['1\u00a0200.5', 120050n],
    ['$12,000', 1200000n],
    ['$ 12,000', 1200000n],
    [' 25000.00 ', 2500000n],
    ['1,234,567.89', 123456789n],
  ])('reads %j as %s cents', (input, cents) => {
    expect(parseTypedAmountToCents(input)).toBe(cents);
  });

  it.each([
    '',
    '   ',
    '1,2,3',
    '12,00',
    '1,2000',
    '12.345',
    '-5',
    '1e3',
    '$-5',
    '1,200 300',
    '12,000.',
    'abc',
  ])('refuses %j', (input) => {
    expect(parseTypedAmountToCents(input)).toBeNull();
  });

  it('refuses text longer than a field allows', () => {
    expect(parseTypedAmountToCents(`1${' '.repeat(30)}`)).toBeNull();
  });

  it('leaves the wire parser strict: the server never reads separators', () => {
    expect(parseAmountToCents('12,000')).toBeNull();
    expect(parseAmountToCents('$5')).toBeNull();
  });
});

describe('normalizeTypedAmount', () => {
  it.each([
    ['5', '5.00'],
    ['120', '120.00'],
    ['12,000', '12000.00'],
    ['$12,000.5', '12000.50'],
  ])('sends %j as %j', (input, wire) => {
    expect(normalizeTypedAmount(input)).toBe(wire);
  });

  it('hands back what does not read, trimmed, for the schema to refuse with its own message', () => {
    expect(normalizeTypedAmount(' 12.345 ')).toBe('12.345');
  });
});

describe('typedAmountProblem (why a form refuses an amount: issue 28)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['12.345', 'decimals'],
    ['$1,200.505', 'decimals'],
    ['ten', 'unreadable'],
    ['1e3', 'unreadable'],
    ['1,2,3', 'unreadable'],
    ['-5', 'not-positive'],
    ['0', 'not-positive'],
    ['0.00', 'not-positive'],
    ['10000000.01', 'too-large'],
  ] as const)('%j: %s', (typed, problem) => {
    expect(typedAmountProblem(typed)).toBe(problem);
  });

  it('finds nothing wrong with an amount the form sends', () => {
    for (const typed of ['5', '12.3', '$12,000.50', '1 200', '10000000.00'])
      expect(typedAmountProblem(typed)).toBeNull();
  });
});
