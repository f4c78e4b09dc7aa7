import type { CustomerTransactionRecord } from '@larkspur/contract';
import { Money } from '@/components/ui/money';
import { HoldBadge } from '@/components/ui/hold-badge';
import { SignedMoney } from '@/components/ui/signed-money';
import { formatDateTime } from '@/lib/format-date';
import { displayType, sharedReference } from '@larkspur/contract/references';
import { describeRecord } from '@/lib/transaction-record';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';

interface ListProps {
  records: readonly CustomerTransactionRecord[];
  onOpen: (record: CustomerTransactionRecord) => void;
}

/**
 * The statement: a table from the medium breakpoint up, a list of cards on phones. Every row says
 * the direction in words (Credit/Debit) beside the signed amount. The description opens the detail.
 * A check deposit still on hold, or returned, says so under its description. Each row shows the
 * account's balance right after it, whatever the filter (decision 0162).
 */
export function TransactionList(props: ListProps) {
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  return wide ? <TransactionTable {...props} /> : <TransactionCards {...props} />;
}

function TransactionTable({ records, onOpen }: ListProps) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your transactions, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Description
            </th>
            <th scope="col" className="px-4 py-3">
              Type
            </th>
            <th scope="col" className="px-4 py-3">
              Reference
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Amount
            </th>
            <th scope="col" className="px-4 py-3 text-right whitespace-nowrap">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {records.map((record) => (
            <tr key={record.id} className="align-top hover:bg-slate-50">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(record.createdAt)}
              </td>
              <td className="px-4 py-3">
                <button
                  type="button"
                  onClick={() => onOpen(record)}
                  className="text-left font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {describeRecord(record)}
                </button>
                {record.purpose ? <p className="mt-0.5 text-slate-600">{record.purpose}</p> : null}
                <HoldBadge hold={record.hold} className="mt-1 block" />
              </td>
              <td className="px-4 py-3 text-slate-800">{displayType(record)}</td>
              <td className="px-4 py-3 font-mono text-xs text-slate-700">{sharedReference(record)}</td>
              <td className="px-4 py-3 text-right">
                <SignedMoney amount={record.amount} currency={record.currency} direction={record.direction} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-800">
                <Money amount={record.balanceAfter} currency={record.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TransactionCards({ records, onOpen }: ListProps) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {records.map((record) => (
        <li key={record.id}>
          <button
            type="button"
            onClick={() => onOpen(record)}
            className="flex w-full items-start justify-between gap-3 p-4 text-left hover:bg-slate-50"
          >
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900">{describeRecord(record)}</span>
              <span className="mt-0.5 block text-sm text-slate-700">
                {displayType(record)} · {formatDateTime(record.createdAt)}
              </span>
              <span className="mt-0.5 block truncate font-mono text-xs text-slate-600">
                {sharedReference(record)}
              </span>
              <HoldBadge hold={record.hold} className="mt-1 block" />
            </span>
            <span className="flex shrink-0 flex-col items-end">
              <SignedMoney amount={record.amount} currency={record.currency} direction={record.direction} />
              <span className="mt-1 text-xs whitespace-nowrap text-slate-600">
                Balance <Money amount={record.balanceAfter} currency={record.currency} />
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
