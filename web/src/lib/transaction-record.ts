import type { TransactionRecord } from '@larkspur/contract';

type Sides = Pick<
  TransactionRecord,
  'direction' | 'recipientName' | 'recipientAccount' | 'senderName' | 'senderAccount'
>;

/** The other party, from the owner's point of view: whom they paid, or who paid them. */
export function counterpartyOf(record: Sides): { name: string; account: string } {
  return record.direction === 'debit'
    ? { name: record.recipientName, account: record.recipientAccount }
    : { name: record.senderName, account: record.senderAccount };
}

/** "To Jane Doe" / "From Larkspur Bank": the line a statement shows for a record. */
export function describeRecord(record: Sides): string {
  const { name } = counterpartyOf(record);
  return record.direction === 'debit' ? `To ${name}` : `From ${name}`;
}

/** What a receipt says of a transfer's name check (issue 18, decision 0155). */
export { payeeCheckLabels } from '@larkspur/contract';
