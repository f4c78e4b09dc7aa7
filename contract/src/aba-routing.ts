/**
 * ABA routing transit numbers (issue 28 item 3, decision 0206): nine digits whose weighted sum
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. The check digit catches every
 * single mistyped digit and most swaps of neighbours, so a typo is refused before money leaves.
 */
export const ABA_ROUTING_NUMBER_LENGTH = 9;

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** True for nine digits with a valid ABA check digit (not all zeros, which no bank has). */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || value === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < ABA_ROUTING_NUMBER_LENGTH; i += 1) sum += Number(value[i]) * (ABA_WEIGHTS[i] ?? 0);
  return sum % 10 === 0;
}

/**
 * Larkspur Bank's own routing number, as statements and receipts print it (decision 0163,
 * illustrative): a wire to it is paid to one of our customers, a wire to any other goes out of
 * the bank through the external settlement account (decision 0206).
 */
export const LARKSPUR_ROUTING_NUMBER = '323274005';

/** Our name as a wire's bank name may spell it: case, spaces and punctuation aside. */
export function namesLarkspurBank(bankName: string): boolean {
  const letters = bankName.toLowerCase().replace(/[^a-z]/g, '');
  return letters === 'larkspur' || letters === 'larkspurbank';
}
