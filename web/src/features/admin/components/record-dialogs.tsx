import { useState } from 'react';
import type { TransactionRecord } from '@larkspur/contract';
import { EditRecordDialog } from './edit-record-dialog';
import { RecordHistoryDialog } from './record-history-dialog';
import { RowAction } from './row-action';

type Open = { kind: 'edit' | 'history'; record: TransactionRecord } | null;

/**
 * Edit and History buttons for each row of a record list, and the one dialog they open. Each
 * button's name carries the transaction id, so "Edit" is never ambiguous to a screen reader.
 */
export function useRecordActions() {
  const [open, setOpen] = useState<Open>(null);
  const actions = (record: TransactionRecord) => (
    <span className="flex gap-2">
      <RowAction
        onClick={() => setOpen({ kind: 'edit', record })}
        aria-label={`Edit ${record.transactionId}`}
      >
        Edit
      </RowAction>
      <RowAction
        onClick={() => setOpen({ kind: 'history', record })}
        aria-label={`History of ${record.transactionId}`}
      >
        History
      </RowAction>
    </span>
  );
  const dialog =
    open?.kind === 'edit' ? (
      <EditRecordDialog record={open.record} onClose={() => setOpen(null)} />
    ) : open?.kind === 'history' ? (
      <RecordHistoryDialog record={open.record} onClose={() => setOpen(null)} />
    ) : null;
  return { actions, dialog };
}
