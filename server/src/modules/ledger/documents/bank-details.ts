/**
 * What a statement and a receipt say about the bank (decision 0163). The name is the configured
 * BANK_NAME (the brand every email uses); the postal address and the phone number are the ones
 * the public Contact page gives; the routing number is the bank's ABA number (illustrative, like
 * the branch addresses: see the Disclosures page), with a valid ABA check digit.
 */
export interface BankDetails {
  name: string;
  addressLines: readonly string[];
  routingNumber: string;
  phone: string;
  website: string;
}

export const BANK_ADDRESS_LINES = [
  'Larkspur Bank Customer Care',
  'PO Box 4090',
  'Portland, OR 97208',
] as const;
export const BANK_ROUTING_NUMBER = '323274005';
export const BANK_SUPPORT_PHONE = '1-800-555-0199';

export function bankDetails(brand: { bankName: string; publicOrigin: string }): BankDetails {
  return {
    name: brand.bankName,
    addressLines: BANK_ADDRESS_LINES,
    routingNumber: BANK_ROUTING_NUMBER,
    phone: BANK_SUPPORT_PHONE,
    website: brand.publicOrigin.replace(/^https?:\/\//, ''),
  };
}

/** The ABA check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return d.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 10 === 0;
}
