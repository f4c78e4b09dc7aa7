import { LARKSPUR_ROUTING_NUMBER } from '@larkspur/contract';

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
/** One number for documents and wires (decision 0206). */
export const BANK_ROUTING_NUMBER = LARKSPUR_ROUTING_NUMBER;
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
