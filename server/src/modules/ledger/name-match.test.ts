import { jaroWinkler } from '@skyra/jaro-winkler';
import { describe, expect, it } from 'vitest';
import {
  CLOSE_FORENAME_SIMILARITY_MIN,
  CLOSE_FULL_NAME_SIMILARITY_MIN,
  CLOSE_SURNAME_SIMILARITY_MIN,
  NAME_WORDS_MAX,
  compareNames,
  nameWords,
} from './name-match';

describe('nameWords: what a name is compared as', () => {
  it('drops accents, case, titles, generations and business suffixes', () => {
    expect(nameWords('  Dr. Zoë  ÅSTRÖM-Núñez ')).toEqual(['zoe', 'astrom', 'nunez']);
    expect(nameWords("Mr Seán O'Brien Jr")).toEqual(['sean', 'obrien']);
    expect(nameWords('Acme Widgets Co. Ltd')).toEqual(['acme', 'widgets']);
    expect(nameWords('Smith & Sons LLC')).toEqual(['smith', 'and', 'sons']);
  });

  it('keeps a title or suffix that is the whole name, and has no words for punctuation only', () => {
    expect(nameWords('Lord')).toEqual(['lord']);
    expect(nameWords('Ltd')).toEqual(['ltd']);
    expect(nameWords(' .-’ ')).toEqual([]);
  });

  it('reads at most NAME_WORDS_MAX words', () => {
    expect(nameWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(NAME_WORDS_MAX);
  });
});

describe('compareNames: the UK CoP answers', () => {
  const holder = 'Marcus Reed';

  it.each([
    ['Marcus Reed', holder],
    ['marcus reed', holder],
    ['  MARCUS   REED ', holder],
    ['Mr Marcus Reed', holder],
    ['M Reed', holder],
    ['M. Reed', holder],
    ['Zoe Nunez', 'Zoë Núñez'],
    ['John Smith', 'John Michael Smith'],
    ['J Smith', 'John Michael Smith'],
    ['J M Smith', 'John Michael Smith'],
    ['John Michael Smith', 'John Michael Smith'],
    ['Anna Smith-Jones', 'Anna Smith Jones'],
    ['Ann McDonald', 'Ann Mc Donald'],
    ['Acme Widgets Limited', 'ACME Widgets Ltd'],
    ['Acme Widgets', 'Acme Widgets Inc.'],
    ['John Smith Jr', 'John Smith'],
  ])('%s for %s is a match', (typed, actual) => {
    expect(compareNames(typed, actual)).toBe('match');
  });

  it.each([
    ['Marcus Reid', holder, 'a misspelt surname'],
    ['Mark Reed', holder, 'a shortened forename'],
    ['Marcos Reed', holder, 'a misspelt forename'],
    ['Reed Marcus', holder, 'the words swapped'],
    ['Reed', holder, 'the surname alone'],
    ['Jon Smith', 'John Smith', 'a letter missing'],
    ['Acme Widgetz', 'Acme Widgets Ltd', 'a business name one letter off'],
    ['John Robert Smith', 'John Michael Smith', 'another middle name'],
  ])('%s for %s is a close match (%s)', (typed, actual) => {
    expect(compareNames(typed, actual)).toBe('close_match');
  });

  it.each([
    ['John Smith', holder, 'someone else'],
    ['Jane Doe', 'John Doe', 'the same surname, another forename'],
    ['Marcus Smith', holder, 'the same forename, another surname'],
    ['J Reid', 'Marcus Reed', 'a wrong initial'],
    ['Marcus', holder, 'the forename alone'],
    ['', holder, 'nothing'],
    ['!!!', holder, 'no letters'],
    ['Globex Ltd', 'Acme Widgets Ltd', 'another company'],
  ])('%s for %s is no match (%s)', (typed, actual) => {
    expect(compareNames(typed, actual)).toBe('no_match');
  });

  it('sits each threshold between the cases it is tuned to', () => {
    expect(jaroWinkler('mark', 'marcus')).toBeGreaterThanOrEqual(CLOSE_FORENAME_SIMILARITY_MIN);
    expect(jaroWinkler('jane', 'john')).toBeLessThan(CLOSE_FORENAME_SIMILARITY_MIN);
    expect(jaroWinkler('reid', 'reed')).toBeGreaterThanOrEqual(CLOSE_SURNAME_SIMILARITY_MIN);
    expect(jaroWinkler('dow', 'doe')).toBeLessThan(CLOSE_SURNAME_SIMILARITY_MIN);
    expect(jaroWinkler('marcos reed', 'marcus reed')).toBeGreaterThanOrEqual(CLOSE_FULL_NAME_SIMILARITY_MIN);
    expect(jaroWinkler('jane doe', 'john doe')).toBeLessThan(CLOSE_FULL_NAME_SIMILARITY_MIN);
  });

  it('answers a very long name in bounded time', () => {
    const long = 'a'.repeat(100);
    expect(compareNames(long, `${long} b`)).not.toBe('match');
  });
});
