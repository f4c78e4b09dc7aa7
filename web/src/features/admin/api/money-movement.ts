/** What the credit and debit helpers send. */
export interface MoneyMovement {
  userId: string;
  amount: string;
  reason: string;
  /** One per confirmation: a retry of the same confirmation moves the money once. */
  idempotencyKey: string;
}
