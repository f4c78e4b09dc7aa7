import { jaroWinkler } from '@skyra/jaro-winkler';
import type { PayeeCheckResult } from '@larkspur/contract';

/**
 * Confirmation of Payee's name comparison (issue 18, decision 0155): the name a customer typed
 * against the name on the account, answered as the UK scheme answers — match, close match or no
 * match. The similarity measure is Jaro–Winkler from `@skyra/jaro-winkler` (a proven library; it
 * weighs a shared beginning, which is how names are mistyped); what is ours is the normalising
 * and the rules below. Every threshold is a named constant, each with the case it is tuned to.
 */

/**
 * Forename similarity, at or above which a different forename is still "close" when the surname
 * agrees: "Mark" for "Marcus" (0.825), "Jon" for "John" (0.933). "Jane" for "John" (0.70) is not.
 */
export const CLOSE_FORENAME_SIMILARITY_MIN = 0.8;
/**
 * Surname similarity, at or above which a misspelt surname is "close" when the forename agrees:
 * "Reid" for "Reed" (0.867), "Smyth" for "Smith" (0.893). "Dow" for "Doe" (0.822) is not.
 */
export const CLOSE_SURNAME_SIMILARITY_MIN = 0.85;
/**
 * Whole-name similarity (normalised, spaces kept) of two names with as many words, at or above
 * which a name is "close" however its parts line up: "Marcos Reed" for "Marcus Reed" (0.970), a
 * business name one letter off (0.972). "Jane Doe" for "John Doe" (0.75) is not.
 */
export const CLOSE_FULL_NAME_SIMILARITY_MIN = 0.92;
/** Names longer than this many words are compared on their first ones only (bounded work). */
export const NAME_WORDS_MAX = 12;

/** Leading words that are a title, not a name: "Mr John Smith" is John Smith. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'doctor',
  'prof',
  'professor',
  'sir',
  'dame',
  'rev',
  'revd',
  'reverend',
  'lord',
  'lady',
]);
/** Trailing words that say which generation, not who: "John Smith Jr" is John Smith. */
const GENERATIONS = new Set(['jr', 'jnr', 'sr', 'snr', 'ii', 'iii', 'iv']);
/** Trailing words that say a company's legal form: "Acme Ltd" is "Acme Limited" is "ACME LLC". */
const BUSINESS_SUFFIXES = new Set([
  'ltd',
  'limited',
  'llc',
  'inc',
  'incorporated',
  'plc',
  'llp',
  'lp',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sarl',
  'bv',
  'nv',
  'pty',
]);

/**
 * A name as words to compare: accents off (NFD, marks dropped: "Zoë" is "Zoe"), lower case,
 * apostrophes joined ("O'Brien" is "obrien"), "&" as "and", every other mark a space (so
 * "Smith-Jones" is "smith jones"); then a leading title and trailing generation or business
 * suffixes dropped — unless that would leave nothing ("Lord" alone stays "lord").
 */
export function nameWords(name: string): string[] {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
    .slice(0, NAME_WORDS_MAX);
  let start = 0;
  let end = words.length;
  while (start < end - 1 && TITLES.has(words[start] ?? '')) start += 1;
  while (end - 1 > start) {
    const last = words[end - 1] ?? '';
    if (!GENERATIONS.has(last) && !BUSINESS_SUFFIXES.has(last)) break;
    end -= 1;
  }
  return words.slice(start, end);
}

/** A word typed for a word on the account: the same, or an initial of it ("J" for "John"). */
function agrees(typed: string, actual: string): boolean {
  return typed === actual || (typed.length === 1 && actual.startsWith(typed));
}

/** The typed middle words, in order, each agree with a middle word of the account's (some may be left out). */
function middlesAgree(typed: string[], actual: string[]): boolean {
  let at = 0;
  for (const word of typed) {
    while (at < actual.length && !agrees(word, actual[at] ?? '')) at += 1;
    if (at === actual.length) return false;
    at += 1;
  }
  return true;
}

/**
 * How the name typed compares with the name on the account:
 * - **match**: the same words once normalised (spaces aside: "McDonald" is "Mc Donald"); or the
 *   same forename and surname where the forename (and any middle name typed) may be an initial
 *   and middle names may be left out ("J Smith", "John Smith", "John M Smith" for John Michael Smith);
 * - **close_match**: the surname agrees and the forename is similar (CLOSE_FORENAME_SIMILARITY_MIN),
 *   or the forename agrees and the surname is similar (CLOSE_SURNAME_SIMILARITY_MIN), or a name of
 *   as many words is similar as a whole (CLOSE_FULL_NAME_SIMILARITY_MIN), or the same words in another order
 *   ("Reed Marcus"), or the surname alone ("Reed");
 * - **no_match**: anything else, and a name with no letters or digits at all.
 */
export function compareNames(typed: string, actual: string): Exclude<PayeeCheckResult, 'unavailable'> {
  const t = nameWords(typed);
  const a = nameWords(actual);
  if (t.length === 0 || a.length === 0) return 'no_match';
  if (t.join('') === a.join('')) return 'match';

  const tFirst = t[0] ?? '';
  const aFirst = a[0] ?? '';
  const tLast = t[t.length - 1] ?? '';
  const aLast = a[a.length - 1] ?? '';
  if (
    t.length >= 2 &&
    a.length >= 2 &&
    tLast === aLast &&
    agrees(tFirst, aFirst) &&
    middlesAgree(t.slice(1, -1), a.slice(1, -1))
  ) {
    return 'match';
  }

  if (t.length === 1 && a.length >= 2 && tFirst === aLast) return 'close_match';
  if ([...t].sort().join(' ') === [...a].sort().join(' ')) return 'close_match';
  if (t.length >= 2 && a.length >= 2) {
    const forenameClose =
      agrees(tFirst, aFirst) || jaroWinkler(tFirst, aFirst) >= CLOSE_FORENAME_SIMILARITY_MIN;
    const surnameClose = jaroWinkler(tLast, aLast) >= CLOSE_SURNAME_SIMILARITY_MIN;
    if (tLast === aLast && forenameClose) return 'close_match';
    if (agrees(tFirst, aFirst) && surnameClose) return 'close_match';
  }
  // Whole-name similarity only between names of as many words: Jaro–Winkler rewards a shared
  // beginning, so "Marcus" alone would otherwise be close to "Marcus Reed" (0.924).
  if (t.length === a.length && jaroWinkler(t.join(' '), a.join(' ')) >= CLOSE_FULL_NAME_SIMILARITY_MIN)
    return 'close_match';
  return 'no_match';
}
