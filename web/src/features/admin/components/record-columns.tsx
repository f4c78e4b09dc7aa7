import type { ReactNode } from 'react';
import type { TransactionRecord } from '@larkspur/contract';
import type { DataColumn } from '@/components/ui/data-table';
import { SignedMoney } from '@/components/ui/signed-money';
import { DateTimeCell } from './date-time-cell';

/** The customer a record belongs to: the sender of a debit, the recipient of a credit. */
export function ownerOf(record: TransactionRecord): { name: string; account: string } {
  return record.direction === 'debit'
    ? { name: record.senderName, account: record.senderAccount }
    : { name: record.recipientName, account: record.recipientAccount };
}

/** The other side: who was paid, or who paid. */
export function counterpartyOf(record: TransactionRecord): { name: string; account: string } {
  return record.direction === 'debit'
    ? { name: record.recipientName, account: record.recipientAccount }
    : { name: record.senderName, account: record.senderAccount };
}

function Party({ party }: { party: { name: string; account: string } }) {
  return (
    <span className="block min-w-0">
      <span className="block">{party.name || '—'}</span>
      {party.account ? <span className="block font-mono text-xs text-slate-600">{party.account}</span> : null}
    </span>
  );
}

/** The columns of a list of transaction records; the owner column and actions are optional. */
export function recordColumns({
  withOwner,
  actions,
}: {
  withOwner: boolean;
  actions?: (record: TransactionRecord) => ReactNode;
}): DataColumn<TransactionRecord>[] {
  // Key columns first: on a phone the table scrolls inside its box, and what is seen without
  // scrolling is the record, its amount and whose it is (decision 0152).
  const columns: DataColumn<TransactionRecord>[] = [
    {
      id: 'id',
      header: 'Transaction',
      rowHeader: true,
      // The type under the id: one column fewer, so the table fits a laptop without scrolling.
      cell: (record) => (
        <span className="block">
          <span className="block font-mono text-xs">{record.transactionId}</span>
          <span className="block text-xs font-normal text-slate-600">{record.type}</span>
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (record) => (
        <SignedMoney amount={record.amount} currency={record.currency} direction={record.direction} />
      ),
    },
  ];
  if (withOwner)
    columns.push({ id: 'owner', header: 'Customer', cell: (record) => <Party party={ownerOf(record)} /> });
  columns.push(
    {
      id: 'counterparty',
      header: 'Counterparty',
      cell: (record) => <Party party={counterpartyOf(record)} />,
    },
    {
      id: 'when',
      header: 'Date',
      cell: (record) => <DateTimeCell iso={record.createdAt} />,
    },
  );
  if (actions)
    columns.push({ id: 'actions', header: 'Actions', cell: actions, className: 'whitespace-nowrap' });
  return columns;
}
