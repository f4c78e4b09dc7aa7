/**
 * A fresh Idempotency-Key for one money movement the person confirmed (DESIGN §2, TigerBeetle's
 * reliable-submission advice): made when they press Confirm, reused if that same request is sent
 * again after a network failure, never reused for a new confirmation. A UUID fits the server's
 * pattern (letters, digits, dashes; at most 100 characters).
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
