import crypto from 'node:crypto';

/** product §3 prefixes: transfer, received deposit, check deposit, withdrawal, loan disbursement. */
export const RECORD_PREFIXES = {
  transfer: 'TRF',
  deposit: 'DEP',
  checkDeposit: 'DEP_CHK',
  withdrawal: 'WDL',
  loan: 'LOAN',
} as const;
export type RecordPrefix = (typeof RECORD_PREFIXES)[keyof typeof RECORD_PREFIXES];

const SUFFIX_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SUFFIX_LENGTH = 8;

/** A whole transaction id as typed into a search box (any case; older ids have 4-character suffixes). */
export const WHOLE_TRANSACTION_ID = /^(?:TRF|DEP|DEP_CHK|WDL|LOAN)\d{10,16}[0-9A-Z]{4,8}$/i;

/**
 * The spec's shape — prefix + millisecond timestamp — plus eight random characters (40 bits): many
 * records share a millisecond under load (and every record does under a test's frozen clock), and
 * with 20 bits a thousand of them collided about one time in three, failing the movement.
 */
export function newTransactionId(prefix: RecordPrefix, at: Date): string {
  const bytes = crypto.randomBytes(SUFFIX_LENGTH);
  let suffix = '';
  for (const byte of bytes) suffix += SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length];
  return `${prefix}${at.getTime()}${suffix}`;
}
