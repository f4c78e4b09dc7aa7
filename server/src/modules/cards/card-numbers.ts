import crypto from 'node:crypto';

/**
 * Card numbers come from a test range (the 400000 prefix payment networks use for test cards), so a
 * Larkspur demo card can never be mistaken for, or used as, a real one. 16 digits, Luhn-valid.
 */
export const CARD_TEST_PREFIX = '400000';
export const CARD_NUMBER_LENGTH = 16;
/** Cards run for this many years from issue. */
export const CARD_VALIDITY_YEARS = 4;

/** The Luhn check digit for a number written without it. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    // Doubling starts with the rightmost digit of the partial number (it sits left of the check digit).
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(number: string): boolean {
  return /^\d+$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

export function newCardNumber(): string {
  let body = CARD_TEST_PREFIX;
  while (body.length < CARD_NUMBER_LENGTH - 1) body += String(crypto.randomInt(0, 10));
  return body + luhnCheckDigit(body);
}
