/**
 * Short human references for records whose id is a UUID (a customer, a loan inquiry): the first
 * eight hex digits, upper case, in two groups — "A1B2-C3D4" — easy to read out on the phone and
 * to recognise. Zod-free, so any page may show one. It names the record for people; the UUID stays
 * the key everywhere else. Eight hex digits are 4.3 billion values: a collision among a bank's
 * customers is possible but rare, so staff confirm a match with a second detail (name, account).
 */

export const SHORT_REFERENCE_PATTERN = /^[0-9A-F]{4}-[0-9A-F]{4}$/;

/** "a1b2c3d4-…" → "A1B2-C3D4". Anything that does not start with eight hex digits comes back as it was. */
export function shortReference(id: string): string {
  const hex = id.replace(/-/g, '').slice(0, 8);
  if (!/^[0-9a-fA-F]{8}$/.test(hex)) return id;
  const upper = hex.toUpperCase();
  return `${upper.slice(0, 4)}-${upper.slice(4)}`;
}

/** What a person may type for a reference ("a1b2c3d4", "A1B2-C3D4", " a1b2 c3d4 ") → "a1b2c3d4", else null. */
export function readShortReference(input: string): string | null {
  const hex = input.trim().replace(/[\s-]/g, '');
  return /^[0-9a-fA-F]{8}$/.test(hex) ? hex.toLowerCase() : null;
}

// ——— One reference for both sides of a transfer (issue 28, decision 0197) ———

/** How a transfer's received leg (a "Deposit" record, product §7) reads to its recipient. */
export const RECEIVED_TRANSFER_TYPE = 'Transfer received';

interface Referenced {
  transactionId: string;
  direction: 'credit' | 'debit';
  type: string;
  /** The shared reference when it is not the record's own id. */
  reference?: string | null | undefined;
}

/** The reference a customer quotes: a transfer's TRF… id on both its legs, else the record's own id. */
export function sharedReference(record: Pick<Referenced, 'transactionId' | 'reference'>): string {
  return record.reference || record.transactionId;
}

/** Whether a record is the recipient's side of a transfer between two customers. */
export function isReceivedTransfer(record: Referenced): boolean {
  return record.direction === 'credit' && sharedReference(record) !== record.transactionId;
}

/** The type a customer reads: "Transfer received" for a transfer's received leg, else the record's own. */
export function displayType(record: Referenced): string {
  return isReceivedTransfer(record) ? RECEIVED_TRANSFER_TYPE : record.type;
}
