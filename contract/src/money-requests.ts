import { z } from 'zod';
import { CURSOR_LENGTH_MAX } from './admin';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, reasonSchema } from './banking';
import { moneySchema } from './money';

/**
 * Maker-checker for manual money (issue 19, decisions 0170–0172). An admin credit, debit, record
 * creation or record edit whose amount is at or above the bank's threshold is not moved at once:
 * it becomes a money request (answered 202) that a different staff member approves, which moves
 * the money, or rejects with a reason, which moves nothing.
 */

export const moneyRequestKinds = ['credit', 'debit', 'record_create', 'record_edit'] as const;
export type MoneyRequestKind = (typeof moneyRequestKinds)[number];

/**
 * pending → approved (the money moved) | rejected (a checker said no, with a reason) |
 * failed (a checker approved, but the movement was refused then, e.g. insufficient funds).
 */
export const moneyRequestStates = ['pending', 'approved', 'rejected', 'failed'] as const;
export type MoneyRequestState = (typeof moneyRequestStates)[number];

export const moneyRequestListQuerySchema = z.strictObject({
  state: z.enum(moneyRequestStates).default('pending'),
  /** `true`: only the requests the signed-in staff member made. */
  mine: z.enum(['true', 'false']).default('false'),
  cursor: z.string().max(CURSOR_LENGTH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type MoneyRequestListQuery = z.input<typeof moneyRequestListQuerySchema>;

export const moneyRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(moneyRequestKinds),
  state: z.enum(moneyRequestStates),
  /** What the threshold was compared with: the amount moved (for an edit, the change). */
  amount: moneySchema,
  /** The customer whose balance would move. */
  userId: z.uuid(),
  customerName: z.string(),
  accountNumber: z.string(),
  /** The request as the maker sent it (every field a string), validated by the endpoint's schema. */
  payload: z.record(z.string(), z.string()),
  /** For an edit, the record it edits; for the others, the record the approval made. */
  recordId: z.uuid().nullable(),
  transactionId: z.string().nullable(),
  makerId: z.uuid(),
  makerName: z.string(),
  checkerId: z.uuid().nullable(),
  checkerName: z.string().nullable(),
  /** The checker's reason for a rejection. */
  decisionReason: z.string().nullable(),
  /** Why the movement was refused at approval (state failed). */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

export const moneyRequestCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  failed: z.number().int(),
});
export type MoneyRequestCounts = z.infer<typeof moneyRequestCountsSchema>;

export const moneyRequestPageSchema = z.object({
  items: z.array(moneyRequestSchema),
  nextCursor: z.string().nullable(),
  /** Per state, for the same `mine` scope as the list. */
  counts: moneyRequestCountsSchema,
  /** Amounts at or above this need a second person's approval ("0.00": every manual movement). */
  threshold: moneySchema,
});
export type MoneyRequestPage = z.infer<typeof moneyRequestPageSchema>;

/** What a credit, debit or record endpoint answers (202) when the movement needs approval. */
export const moneyRequestAcceptedSchema = z.object({ request: moneyRequestSchema });
export type MoneyRequestAccepted = z.infer<typeof moneyRequestAcceptedSchema>;

/** Approve takes no input; an empty JSON object keeps it a JSON request (CSRF defence). */
export const moneyRequestApproveSchema = z.strictObject({});
export const moneyRequestRejectSchema = z.strictObject({ reason: reasonSchema });
export type MoneyRequestReject = z.input<typeof moneyRequestRejectSchema>;

export const moneyRequestDecisionSchema = z.object({ request: moneyRequestSchema });
export type MoneyRequestDecision = z.infer<typeof moneyRequestDecisionSchema>;

/** Whether an amount in cents needs a second person at this threshold (at or above it). */
export function needsApproval(amountCents: bigint, thresholdCents: bigint): boolean {
  return amountCents >= thresholdCents;
}
