import { useState } from 'react';
import { moneyRequestStates, type MoneyRequest, type MoneyRequestState } from '@larkspur/contract';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Money, formatMoney } from '@/components/ui/money';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { useMoneyRequests } from '../api/get-money-requests';
import { AdminPage } from '../components/admin-page';
import { formatDateTime } from '../components/format';
import { MoneyRequestDialog, type RequestDecision } from '../components/money-request-dialog';
import { requestKindLabels, requestStateLabels, requestSummary } from '../components/money-request-labels';
import { RowAction } from '../components/row-action';
import { oneOf, useUrlParams } from '../components/url-state';

const money = (amount: string) => formatMoney(amount, 'USD');

/** What the request says beyond its amount: the maker's reason, and the record's own fields. */
function details(request: MoneyRequest): string[] {
  const p = request.payload;
  const lines = [`Reason: ${p.reason ?? '—'}`];
  if (request.kind === 'record_create') {
    if (p.purpose) lines.push(`Purpose: ${p.purpose}`);
    if (p.createdAt) lines.push(`Dated ${formatDateTime(p.createdAt)}`);
  }
  if (request.kind === 'record_edit' && p.createdAt) lines.push(`New date ${formatDateTime(p.createdAt)}`);
  return lines;
}

/** Who decided and how, once decided. */
function outcome(request: MoneyRequest): string | null {
  if (request.state === 'pending') return null;
  const when = request.decidedAt ? formatDateTime(request.decidedAt) : '';
  const who = request.checkerName ?? 'someone';
  switch (request.state) {
    case 'approved':
      return `Approved by ${who}, ${when}${request.transactionId ? ` · record ${request.transactionId}` : ''}`;
    case 'rejected':
      return `Rejected by ${who}, ${when}: ${request.decisionReason ?? ''}`;
    case 'failed':
      return `Approved by ${who}, ${when}, but refused: ${request.failureMessage ?? ''}`;
  }
}

function RequestCard({
  request,
  myId,
  onDecide,
}: {
  request: MoneyRequest;
  myId: string | undefined;
  onDecide: (request: MoneyRequest, decision: RequestDecision) => void;
}) {
  const state = requestStateLabels[request.state];
  const mine = request.makerId === myId;
  const what = requestSummary(request, money);
  const result = outcome(request);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">{requestKindLabels[request.kind]}</p>
          <h2 className="font-semibold break-words text-slate-900">{request.customerName}</h2>
          <p className="font-mono text-xs text-slate-600">{request.accountNumber}</p>
        </div>
        <p className="shrink-0 text-right text-xl font-semibold text-slate-900 tabular-nums">
          <Money amount={request.amount} currency="USD" />
        </p>
      </div>
      <p className="mt-2 text-sm break-words text-slate-800">{what}.</p>
      <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-700">
        {details(request).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Asked by {mine ? 'you' : request.makerName}, {formatDateTime(request.createdAt)}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <StatusBadge tone={state.tone}>{state.label}</StatusBadge>
        {result ? <span className="text-sm break-words text-slate-800">{result}</span> : null}
      </div>
      {request.state === 'pending' ? (
        mine ? (
          <p className="mt-3 text-sm text-slate-700">
            Your request: another staff member must approve or reject it.
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <RowAction onClick={() => onDecide(request, 'approve')} aria-label={`Approve: ${what}`}>
              Approve
            </RowAction>
            <RowAction
              onClick={() => onDecide(request, 'reject')}
              aria-label={`Reject: ${what}`}
              className="text-red-800 ring-red-200 hover:bg-red-50"
            >
              Reject
            </RowAction>
          </div>
        )
      ) : null}
    </li>
  );
}

/**
 * /admin/dashboard/requests: the maker-checker queue (issue 19, decisions 0170–0172). Manual money
 * at or above the threshold waits here until another staff member approves (the money moves
 * then, once) or rejects it with a reason. Filtered by state and "only mine" in the URL.
 */
export function AdminRequestsPage() {
  usePageMeta({
    title: 'Money requests',
    description: 'Manual credits, debits and record changes waiting for a second approval.',
  });
  const session = useSession();
  const myId = session.data?.user?.id;
  const { get, update } = useUrlParams();
  const state = oneOf(get('state'), moneyRequestStates) ?? 'pending';
  const mine = get('mine') === 'true';
  const requests = useMoneyRequests(state, mine);
  const rows = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = requests.data?.pages[0]?.counts;
  const threshold = requests.data?.pages[0]?.threshold;
  const [deciding, setDeciding] = useState<{ request: MoneyRequest; decision: RequestDecision } | null>(null);
  const empty: Record<MoneyRequestState, string> = {
    pending: mine ? 'You have no requests waiting.' : 'Nothing is waiting for approval.',
    approved: 'No approved requests yet.',
    rejected: 'No rejected requests.',
    failed: 'No request has failed at approval.',
  };

  return (
    <AdminPage
      title="Money requests"
      intro={
        threshold === undefined
          ? 'Manual money above the bank’s threshold waits here for a second person.'
          : threshold === '0.00'
            ? 'Every manual credit, debit and record change waits here until another staff member approves it.'
            : `Manual credits, debits and record changes of ${money(threshold)} or more wait here until another staff member approves them.`
      }
    >
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <SelectField
            label="State"
            value={state}
            onChange={(event) =>
              update({ state: event.target.value === 'pending' ? '' : event.target.value })
            }
            className="sm:max-w-xs"
          >
            {moneyRequestStates.map((value) => (
              <option key={value} value={value}>
                {requestStateLabels[value].list}
                {counts ? ` (${counts[value].toLocaleString('en-US')})` : ''}
              </option>
            ))}
          </SelectField>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              checked={mine}
              onChange={(event) => update({ mine: event.target.checked ? 'true' : '' })}
              className="size-4 accent-brand-700"
            />
            Only my requests
          </label>
        </div>
        {counts ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            {mine ? 'Mine: ' : ''}
            {counts.pending.toLocaleString('en-US')} waiting · {counts.approved.toLocaleString('en-US')}{' '}
            approved · {counts.rejected.toLocaleString('en-US')} rejected ·{' '}
            {counts.failed.toLocaleString('en-US')} failed
          </p>
        ) : null}
      </div>
      <section aria-label={requestStateLabels[state].list}>
        {requests.isPending ? (
          <SkeletonRows label="Loading requests…" rows={3} />
        ) : requests.isError && rows.length === 0 ? (
          <ErrorState
            message={requests.error.message}
            onRetry={() => void requests.refetch()}
            retrying={requests.isRefetching}
          />
        ) : rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
            {empty[state]}
          </p>
        ) : (
          <ul className="grid gap-4 xl:grid-cols-2" aria-label="Requests">
            {rows.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                myId={myId}
                onDecide={(r, decision) => setDeciding({ request: r, decision })}
              />
            ))}
          </ul>
        )}
        {requests.isSuccess ? (
          <LoadMore
            shown={rows.length}
            noun={['request', 'requests']}
            hasMore={requests.hasNextPage}
            loading={requests.isFetchingNextPage}
            onLoadMore={() => void requests.fetchNextPage()}
          />
        ) : null}
      </section>
      {deciding ? (
        <MoneyRequestDialog
          key={`${deciding.request.id}-${deciding.decision}`}
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </AdminPage>
  );
}
