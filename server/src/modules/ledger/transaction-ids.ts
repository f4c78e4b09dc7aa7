import crypto from 'node:crypto';

/** SPEC §3 prefixes: transfer, received deposit, check deposit, withdrawal, loan disbursement. */
export const RECORD_PREFIXES = {
  transfer: 'TRF',
  deposit: 'DEP',
  checkDeposit: 'DEP_CHK',
  withdrawal: 'WDL',
  loan: 'LOAN',
} as const;
export type RecordPrefix = (typeof RECORD_PREFIXES)[keyof typeof RECORD_PREFIXES];

const SUFFIX_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SUFFIX_LENGTH = 4;

/**
 * The spec's shape — prefix + millisecond timestamp — plus four random characters (20 bits), so
 * two records in one millisecond do not collide; the unique index catches the rest.
 */
export function newTransactionId(prefix: RecordPrefix, at: Date): string {
  const bytes = crypto.randomBytes(SUFFIX_LENGTH);
  let suffix = '';
  for (const byte of bytes) suffix += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
  return `${prefix}${at.getTime()}${suffix}`;
}
