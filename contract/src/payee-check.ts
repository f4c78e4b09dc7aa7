import { z } from 'zod';

/** Same as banking's NAME_FIELD_LENGTH_MAX (kept here so banking can import this file). */
const NAME_LENGTH_MAX = 100;

/**
 * Confirmation of Payee (issue 18, decision 0155).
 *
 * The name check answers as the UK Confirmation of Payee scheme does: the name typed is the
 * account holder's (match), nearly so (close match: the holder's name is offered), not at all
 * (no match), or the check could not be made (unavailable: an account at another bank).
 */
export const payeeCheckResults = ['match', 'close_match', 'no_match', 'unavailable'] as const;
export const payeeCheckResultSchema = z.enum(payeeCheckResults);
export type PayeeCheckResult = z.infer<typeof payeeCheckResultSchema>;

/** GET /api/recipients/:accountNumber?name=… : the name to check against the holder's. */
export const recipientLookupQuerySchema = z.strictObject({
  name: z.string().trim().max(NAME_LENGTH_MAX).optional(),
});

/** The name check's answer to a look-up that sent a name. */
export const payeeNameCheckSchema = z.object({
  result: payeeCheckResultSchema,
  /**
   * Only for a close match: the name on the account, as UK CoP shows it ("did you mean Marcus
   * Reed?"). Never given for a match (nothing to correct) or a no match (it would hand out names).
   */
  accountName: z.string().optional(),
});
export type PayeeNameCheck = z.infer<typeof payeeNameCheckSchema>;

/** What a transaction record says of the name check made when it was sent (sender's record only). */
export const recordPayeeCheckSchema = payeeCheckResultSchema.nullable();

/** The name check in words, on the payer's receipt (web dialog and PDF alike). */
export const payeeCheckLabels: Record<PayeeCheckResult, string> = {
  match: 'Name matches the account',
  close_match: 'Close match — you chose to pay anyway',
  no_match: 'No match — you accepted the risk',
  unavailable: 'Name not checked (account at another bank)',
};
