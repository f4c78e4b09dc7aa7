import { Link } from 'react-router';
import { needsApproval, moneyToCents, type MoneyRequest } from '@larkspur/contract';
import { InfoNote } from '@/components/ui/alert';
import { formatMoney } from '@/components/ui/money';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useMoneyRequestSummary } from '../api/get-money-requests';
import { requestStateLabels, requestSummary } from './money-request-labels';

/**
 * Whether a manual movement of `amountCents` will wait for a second person (decision 0170): the
 * threshold comes from the server; while it is unknown the dialogs say nothing either way.
 */
export function useNeedsApproval(amountCents: bigint | null): boolean {
  // Read only once there is an amount to judge: the form itself sends nothing.
  const summary = useMoneyRequestSummary({ enabled: amountCents !== null });
  if (amountCents === null || !summary.data) return false;
  return needsApproval(amountCents, moneyToCents(summary.data.threshold));
}

/** Said in a money dialog when its amount needs another staff member's approval. */
export function ApprovalNote() {
  const summary = useMoneyRequestSummary();
  if (!summary.data) return null;
  const threshold = moneyToCents(summary.data.threshold);
  return (
    <InfoNote>
      <strong>Needs a second approval.</strong>{' '}
      {threshold === 0n
        ? 'Every manual movement'
        : `Amounts of ${formatMoney(summary.data.threshold, 'USD')} or more`}{' '}
      wait in the Requests queue until another staff member approves them. Nothing moves until then.
    </InfoNote>
  );
}

/** What a maker sees after sending a request: what it is, its state, and where to follow it. */
export function RequestSentNote({ request, onDismiss }: { request: MoneyRequest; onDismiss: () => void }) {
  const state = requestStateLabels[request.state];
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        <span className="font-semibold">Sent for approval</span>
      </div>
      <p>
        {requestSummary(request, (amount) => formatMoney(amount, 'USD'))}. Nothing has moved yet: another
        staff member must approve it.
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={`${paths.adminRequests}?mine=true`} className="font-semibold text-brand-800 underline">
          Follow my requests
        </Link>
        <button type="button" onClick={onDismiss} className="font-semibold text-slate-800 underline">
          Dismiss
        </button>
      </div>
    </div>
  );
}
