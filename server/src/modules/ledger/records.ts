import {
  formatCents,
  type InternationalDetails,
  type RecordHold,
  type TransactionRecord,
} from '@larkspur/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { depositHolds, type transactionRecords } from '../../db/schema/index';

export type RecordRow = typeof transactionRecords.$inferSelect;

/** A record is written when its money has moved (the column's default). */
export const RECORD_STATUS_SUCCESSFUL = 'Successful';

/** The API's view of a record (SPEC §3, plus `created_at` as the spec's reads expose it). */
export function toRecordDto(row: RecordRow, hold: RecordHold | null = null): TransactionRecord {
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
    hold,
    payeeCheck: row.payeeCheck ?? null,
  };
}

/** A hold's columns as a record shows them; select it beside a record, left-joined on `record_id`. */
export const recordHoldColumns = {
  status: depositHolds.status,
  heldCents: sql<string>`(${depositHolds.amountCents} - ${depositHolds.releasedCents})::text`,
  availableAt: depositHolds.availableAt,
};

/** A left join's hold columns: all null for a record without a hold. */
export interface RecordHoldRow {
  status: 'active' | 'released' | 'returned' | null;
  heldCents: string | bigint | null;
  availableAt: Date | null;
}

/** What a record shows of its hold: nothing is held once the hold has ended. */
export function toRecordHold(row: RecordHoldRow | null): RecordHold | null {
  if (!row?.status || row.availableAt === null || row.heldCents === null) return null;
  return {
    status: row.status,
    heldAmount: formatCents(row.status === 'active' ? BigInt(row.heldCents) : 0n),
    availableAt: row.availableAt.toISOString(),
  };
}

/** The other party of a record, from its owner's point of view. */
export function counterpartyOf(row: Pick<RecordRow, 'direction' | 'recipientName' | 'senderName'>): string {
  return row.direction === 'debit' ? row.recipientName : row.senderName;
}

/** The hold of one record, or null (not a check deposit, or one made before holds existed). */
export async function recordHoldOf(db: DbOrTx, recordId: string): Promise<RecordHold | null> {
  const [row] = await db
    .select(recordHoldColumns)
    .from(depositHolds)
    .where(eq(depositHolds.recordId, recordId));
  return toRecordHold(row ?? null);
}
