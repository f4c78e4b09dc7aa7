import { useRef } from 'react';
import type { TransactionRecord } from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Money } from '@/components/ui/money';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useTransactionHistory, type RecordHistoryEntry } from '../api/get-transaction-history';
import { formatDateTime, shortId } from './format';

const MONEY_FIELDS = new Set(['amount', 'balance']);
const fieldLabels: Record<string, string> = {
  amount: 'Amount',
  createdAt: 'Date',
  balance: "Owner's balance",
};

function Value({ field, value, currency }: { field: string; value: string | undefined; currency: string }) {
  if (value === undefined) return <>—</>;
  if (MONEY_FIELDS.has(field)) return <Money amount={value} currency={currency} />;
  if (field === 'createdAt') return <>{formatDateTime(value, { seconds: true })}</>;
  return <>{value}</>;
}

function Entry({
  entry,
  currency,
  myId,
}: {
  entry: RecordHistoryEntry;
  currency: string;
  myId: string | undefined;
}) {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  const by =
    entry.actorId === null
      ? 'the system'
      : entry.actorId === myId
        ? 'you'
        : `admin ${shortId(entry.actorId)}`;
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <p className="text-sm font-semibold text-slate-900">
        {formatDateTime(entry.createdAt, { seconds: true })} · by {by}
      </p>
      <p className="mt-1 text-sm text-slate-800">Reason: {entry.reason}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map((field) => (
          <div key={field} className="contents">
            <dt className="text-slate-700">{fieldLabels[field] ?? field}</dt>
            <dd className="text-slate-900">
              <Value field={field} value={entry.before[field]} currency={currency} /> →{' '}
              <strong>
                <Value field={field} value={entry.after[field]} currency={currency} />
              </strong>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** Every correction of a record (GET …/history): who, when, why, before and after; newest first. */
export function RecordHistoryDialog({ record, onClose }: { record: TransactionRecord; onClose: () => void }) {
  const history = useTransactionHistory(record.id);
  const myId = useSession().data?.user?.id;
  const closeRef = useRef<HTMLButtonElement>(null);
  const entries = history.data ? [...history.data.items].reverse() : [];
  return (
    <Dialog
      title={`History of ${record.transactionId}`}
      size="lg"
      onDismiss={onClose}
      initialFocusRef={closeRef}
      description="Every change an admin made to this record, newest first."
    >
      <div className="space-y-4">
        {history.isPending ? <SkeletonRows label="Loading the history…" rows={2} /> : null}
        {history.isError ? (
          <ErrorState
            message={history.error.message}
            onRetry={() => void history.refetch()}
            retrying={history.isRefetching}
          />
        ) : null}
        {history.isSuccess && entries.length === 0 ? (
          <EmptyState title="No changes">This record is as it was made.</EmptyState>
        ) : null}
        {entries.length > 0 ? (
          <ol className="space-y-3" aria-label="Changes">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} currency={record.currency} myId={myId} />
            ))}
          </ol>
        ) : null}
        <div className="flex justify-end">
          <Button ref={closeRef} variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
