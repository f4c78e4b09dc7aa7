import type { MoneyRequest, MoneyRequestKind, MoneyRequestState } from '@larkspur/contract';
import type { BadgeTone } from '@/components/ui/status-badge';

/** How the queue names each kind and state of money request (issue 19, decision 0170). */
export const requestKindLabels: Record<MoneyRequestKind, string> = {
  credit: 'Credit (deposit)',
  debit: 'Debit (withdrawal)',
  record_create: 'New record',
  record_edit: 'Record edit',
};

export const requestStateLabels: Record<MoneyRequestState, { label: string; tone: BadgeTone; list: string }> =
  {
    pending: { label: 'Waiting for approval', tone: 'warning', list: 'Waiting for approval' },
    approved: { label: 'Approved', tone: 'success', list: 'Approved' },
    rejected: { label: 'Rejected', tone: 'neutral', list: 'Rejected' },
    failed: { label: 'Failed', tone: 'danger', list: 'Failed at approval' },
  };

/** One line saying what the request would do: "Credit $20,000.00 to Ann Lee (40912345678)". */
export function requestSummary(request: MoneyRequest, money: (amount: string) => string): string {
  const who = `${request.customerName} (${request.accountNumber})`;
  const p = request.payload;
  switch (request.kind) {
    case 'credit':
      return `Credit ${money(request.amount)} to ${who}`;
    case 'debit':
      return `Debit ${money(request.amount)} from ${who}`;
    case 'record_create':
      return `${p.direction === 'debit' ? 'Debit' : 'Credit'} record of ${money(request.amount)} for ${who}${p.counterpartyName ? `, counterparty ${p.counterpartyName}` : ''}`;
    case 'record_edit':
      return `Change a record of ${who} from ${money(p.previousAmount ?? '0.00')} to ${money(p.amount ?? '0.00')}`;
  }
}
