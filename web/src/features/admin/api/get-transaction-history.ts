import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/**
 * One correction of a record. The server declares this shape in its route file
 * (admin-ledger-routes.ts `recordHistoryEntrySchema`), not in the contract, so it is repeated here
 * and kept as loose as the server's: before/after are string maps (amount, createdAt, balance).
 */
export const recordHistoryEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;
/** The other customer's leg when the record is one leg of a transfer (issue 19, decision 0154). */
export const recordCounterpartSchema = z.object({
  recordId: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  name: z.string(),
  accountNumber: z.string(),
});
export type RecordCounterpart = z.infer<typeof recordCounterpartSchema>;
const historySchema = z.object({
  items: z.array(recordHistoryEntrySchema),
  counterpart: recordCounterpartSchema.nullable(),
});

/** GET /api/admin/transactions/:id/history: every correction, oldest first. */
export const transactionHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.transactionHistory(id),
    queryFn: ({ signal }) =>
      api(`/api/admin/transactions/${encodeURIComponent(id)}/history`, { schema: historySchema, signal }),
  });

export function useTransactionHistory(id: string) {
  return useQuery(transactionHistoryQueryOptions(id));
}
