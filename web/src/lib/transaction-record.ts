import type { TransactionRecord } from '@larkspur/contract';
// Zod-free, so the overview's first screen does not load the schemas.
import { isReceivedTransfer } from '@larkspur/contract/references';

type Sides = Pick<
  TransactionRecord,
  'direction' | 'recipientName' | 'recipientAccount' | 'senderName' | 'senderAccount'
> &
  Partial<Pick<TransactionRecord, 'transactionId' | 'type' | 'reference'>>;

/** The other party, from the owner's point of view: whom they paid, or who paid them. */
export function counterpartyOf(record: Sides): { name: string; account: string } {
  return record.direction === 'debit'
    ? { name: record.recipientName, account: record.recipientAccount }
    : { name: record.senderName, account: record.senderAccount };
}

/**
 * "To Jane Doe" / "From Larkspur Bank": the line a statement shows for a record; a transfer's
 * received leg says what it is — "Transfer from Jane Doe" (issue 28, decision 0197).
 */
export function describeRecord(record: Sides): string {
  const { name } = counterpartyOf(record);
  if (record.direction === 'debit') return `To ${name}`;
  const received =
    record.transactionId !== undefined &&
    isReceivedTransfer({
      transactionId: record.transactionId,
      direction: record.direction,
      type: record.type ?? '',
      reference: record.reference,
    });
  return received ? `Transfer from ${name}` : `From ${name}`;
}

/** What a receipt says of a transfer's name check (issue 18, decision 0155). */
export { payeeCheckLabels } from '@larkspur/contract';
