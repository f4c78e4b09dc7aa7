import crypto from 'node:crypto';
import { ACCOUNT_NUMBER_PREFIX } from '@larkspur/contract';

/** product §5: 409 followed by a random number from 10000000 to 99999999. */
export const ACCOUNT_NUMBER_RANDOM_MIN = 10_000_000;
export const ACCOUNT_NUMBER_RANDOM_MAX = 99_999_999;
/** With 90 million numbers a collision is rare; this many in a row means something is wrong. */
export const ACCOUNT_NUMBER_ATTEMPTS_MAX = 20;

export type RandomInt = (minInclusive: number, maxExclusive: number) => number;

/** A fresh candidate, drawn with a cryptographic RNG (or the test's generator). */
export function drawAccountNumber(randomInt: RandomInt = crypto.randomInt): string {
  return `${ACCOUNT_NUMBER_PREFIX}${randomInt(ACCOUNT_NUMBER_RANDOM_MIN, ACCOUNT_NUMBER_RANDOM_MAX + 1)}`;
}
