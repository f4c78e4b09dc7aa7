import { z } from 'zod';
import { isValidAbaRoutingNumber, ROUTING_NUMBER_LENGTH, routingCheckDigit } from './aba-routing';

// The check's MICR line (issue 27, decision 0192): the payer's bank routing number, the payer's
// account number and the check number printed along the bottom of a check. The routing number's
// check digit is `aba-routing.ts`'s, the one rule wires use too.

/** The account number in a check's MICR "on-us" field: US banks print 4 to 17 digits. */
export const PAYER_ACCOUNT_NUMBER_LENGTH_MIN = 4;
export const PAYER_ACCOUNT_NUMBER_LENGTH_MAX = 17;

export const ROUTING_NUMBER_FORMAT_MESSAGE = 'Enter the 9-digit routing number (digits only)';
export const ROUTING_NUMBER_INVALID_MESSAGE =
  'This is not a valid routing number: check the 9 digits at the bottom left of the check.';
export const PAYER_ACCOUNT_NUMBER_MESSAGE = `Enter the account number from the check (${PAYER_ACCOUNT_NUMBER_LENGTH_MIN} to ${PAYER_ACCOUNT_NUMBER_LENGTH_MAX} digits)`;

export const routingNumberSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${ROUTING_NUMBER_LENGTH}}$`), ROUTING_NUMBER_FORMAT_MESSAGE)
  .refine(isValidAbaRoutingNumber, ROUTING_NUMBER_INVALID_MESSAGE);

/**
 * Leading zeros do not change which account or check a MICR field names (the line pads with
 * them), so they are dropped: "01234" and "1234" are one number to the duplicate rule.
 */
export function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

export const payerAccountNumberSchema = z
  .string()
  .trim()
  .regex(
    new RegExp(`^\\d{${PAYER_ACCOUNT_NUMBER_LENGTH_MIN},${PAYER_ACCOUNT_NUMBER_LENGTH_MAX}}$`),
    PAYER_ACCOUNT_NUMBER_MESSAGE,
  )
  .transform(withoutLeadingZeros);

export interface MicrLine {
  routingNumber: string;
  payerAccountNumber: string;
  checkNumber: string;
}

/**
 * A valid MICR line for demo data, the bench and tests, unique with overwhelming likelihood (63
 * random bits): the duplicate rule is bank-wide, so fixed numbers would collide across tests that
 * share a database. Not a real check's line, though its routing number may be some bank's.
 */
export function randomMicrLine(checkNumber?: string): MicrLine {
  const digits = (count: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(count)), (byte) => String(byte % 10)).join('');
  const firstEight = digits(8);
  return {
    routingNumber: `${firstEight}${routingCheckDigit(firstEight)}`,
    payerAccountNumber: `${1 + (Number(digits(1)) % 9)}${digits(11)}`,
    checkNumber: checkNumber ?? `${1 + (Number(digits(1)) % 9)}${digits(5)}`,
  };
}
