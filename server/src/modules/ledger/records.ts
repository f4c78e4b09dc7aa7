import { formatCents, type InternationalDetails, type TransactionRecord } from '@larkspur/contract';
import type { transactionRecords } from '../../db/schema/index';

export type RecordRow = typeof transactionRecords.$inferSelect;

/** A record is written when its money has moved (the column's default). */
export const RECORD_STATUS_SUCCESSFUL = 'Successful';

/** The API's view of a record (SPEC §3, plus `created_at` as the spec's reads expose it). */
export function toRecordDto(row: RecordRow): TransactionRecord {
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    transactionId: row.transactionId,
    userId: row.userId,
    type: row.type,
    direction: row.direction,
    amount: formatCents(row.amountCents),
    currency: row.currency,
    recipientName: row.recipientName,
    recipientAccount: row.recipientAccount,
    bankName: row.bankName,
    routingNumber: row.routingNumber,
    senderName: row.senderName,
    senderAccount: row.senderAccount,
    purpose: row.purpose,
    status: row.status,
    internationalDetails: (row.internationalDetails as InternationalDetails | null) ?? null,
    createdAt: created,
    created_at: created,
  };
}

/** The other party of a record, from its owner's point of view. */
export function counterpartyOf(row: Pick<RecordRow, 'direction' | 'recipientName' | 'senderName'>): string {
  return row.direction === 'debit' ? row.recipientName : row.senderName;
}
