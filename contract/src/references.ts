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
