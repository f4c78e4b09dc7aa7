import {
  formatCents,
  type RecordInternationalDetails,
  type RecordHold,
  type TransactionRecord,
} from '@larkspur/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { depositHolds, type transactionRecords } from '../../db/schema/index';

export type RecordRow = typeof transactionRecords.$inferSelect;

/**
 * A record's international details as stored, read tolerantly (decision 0164): records since
 * migration 0011 hold the contract's shape; older ones hold a typed `currencySymbol`, a
 * `currencyCode`, a free-text country and a second account field (`ibanOrAccount`), and no
 * conversion. History is never rewritten: both shapes read into one.
 */
export function readInternationalDetails(
  stored: Record<string, unknown> | null,
): RecordInternationalDetails | null {
  if (stored === null || typeof stored !== 'object') return null;
  const text = (key: string): string | null => {
    const value = stored[key];
    return typeof value === 'string' ? value : null;
  };
  const legacyAccount = text('ibanOrAccount');
  return {
    recipientFullName: text('recipientFullName') ?? '',
    recipientBank: text('recipientBank') ?? '',
    swiftBic: text('swiftBic') ?? '',
    country: text('country') ?? '',
    currency: text('currency') ?? text('currencyCode') ?? '',
    currencySymbol: text('currencySymbol') ?? '',
    foreignAmount: text('foreignAmount'),
    usdPerUnit: text('usdPerUnit'),
    rateId: text('rateId'),
    ...(legacyAccount === null ? {} : { ibanOrAccount: legacyAccount }),
  };
}

/** A record is written when its money has moved (the column's default). */
export const RECORD_STATUS_SUCCESSFUL = 'Successful';

/** The API's view of a record (product §3, plus `created_at` as the spec's reads expose it). */
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
    internationalDetails: readInternationalDetails(row.internationalDetails),
    createdAt: created,
    created_at: created,
    hold,
    payeeCheck: row.payeeCheck ?? null,
    // One reference for both sides of a transfer (decision 0197).
    reference: row.reference ?? row.transactionId,
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
