/**
 * ABA routing transit numbers: the one home of their rule (issue 27's check deposits, decision
 * 0192, and issue 28's wires, decision 0206). Nine digits whose weighted sum 3·(d1+d4+d7) +
 * 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10: the check digit catches every single mistyped
 * digit and most swaps of neighbours, so a typo is refused before money moves. Free of zod, so a
 * screen that only compares numbers loads no schema library.
 */
export const ROUTING_NUMBER_LENGTH = 9;

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (ABA_WEIGHTS[i] ?? 0);
  return sum;
}

/** The ninth digit that makes the eight given digits a valid routing number. */
export function routingCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new Error('routingCheckDigit needs exactly 8 digits');
  return (10 - (weightedSum(firstEight) % 10)) % 10;
}

/** True for nine digits with a valid ABA check digit (not all zeros, which no bank has). */
export function isValidAbaRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && value !== '000000000' && weightedSum(value) % 10 === 0;
}

/**
 * The bank's name on the ledger's own records, receipts and bank-details defaults: the one
 * spelling (issue 29). `BANK_NAME` (server config) renames the bank on pages and in email; the
 * records keep this name, as they keep the routing number below.
 */
export const BANK_DISPLAY_NAME = 'Larkspur Bank';

/**
 * Larkspur Bank's own routing number, as statements and receipts print it (decision 0163,
 * illustrative): a wire to it is paid to one of our customers, a wire to any other goes out of
 * the bank through the external settlement account (decision 0206).
 */
export const LARKSPUR_ROUTING_NUMBER = '323274005';

/**
 * A wire to another US bank (decision 0206): any routing number but ours. It never pays one of our
 * customers and needs no name check against them; it leaves the bank through external settlement.
 * The one statement of the rule, for the form, the review, the step-up, the transfer and the record.
 */
export function isExternalWire(transfer: { type: string; routingNumber?: string | null }): boolean {
  return (
    transfer.type === 'Wire Transfer' && (transfer.routingNumber ?? '').trim() !== LARKSPUR_ROUTING_NUMBER
  );
}

/** Our name as a wire's bank name may spell it: case, spaces and punctuation aside. */
export function namesLarkspurBank(bankName: string): boolean {
  const letters = bankName.toLowerCase().replace(/[^a-z]/g, '');
  return letters === 'larkspur' || letters === 'larkspurbank';
}
