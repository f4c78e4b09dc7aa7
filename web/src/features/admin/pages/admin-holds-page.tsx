import { useState } from 'react';
import { holdStatuses, type AdminHold, type HoldStatus } from '@larkspur/contract';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Money } from '@/components/ui/money';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { usePageMeta } from '@/lib/page-meta';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useHolds } from '../api/get-holds';
import { AdminPage } from '../components/admin-page';
import { CheckImages } from '../components/check-images';
import { formatDateTime } from '../components/format';
import { HoldActionDialog, type HoldDecision } from '../components/hold-action-dialog';
import { useCapability } from '../components/use-capability';
import { RowAction } from '../components/row-action';
import { oneOf, useUrlParams } from '../components/url-state';

const statusLabels: Record<HoldStatus, { label: string; tone: BadgeTone; list: string }> = {
  active: { label: 'On hold', tone: 'warning', list: 'Active holds' },
  released: { label: 'Released', tone: 'success', list: 'Released holds' },
  returned: { label: 'Returned', tone: 'danger', list: 'Returned checks' },
};

function HoldStatusBadge({ status }: { status: HoldStatus }) {
  return <StatusBadge tone={statusLabels[status].tone}>{statusLabels[status].label}</StatusBadge>;
}

/** What a hold's row says about its outcome: when it frees up, or who decided what and why. */
function outcomeOf(hold: AdminHold): string {
  if (hold.status === 'active') return `Available ${formatDateTime(hold.availableAt)}`;
  const when = hold.status === 'returned' ? hold.returnedAt : hold.releasedAt;
  const who = hold.reviewerName ? ` by ${hold.reviewerName}` : ' on schedule';
  return `${statusLabels[hold.status].label}${when ? ` ${formatDateTime(when)}` : ''}${who}`;
}

function Actions({
  hold,
  onDecide,
}: {
  hold: AdminHold;
  onDecide: (hold: AdminHold, decision: HoldDecision) => void;
}) {
  const canReview = useCapability('holds.review');
  if (hold.status !== 'active') return <span className="text-slate-600">—</span>;
  // Releasing or returning a check is the approver's and administrator's (decision 0167).
  if (!canReview) return <span className="text-slate-600">An approver decides</span>;
  const what = `check ${hold.checkNumber} of ${hold.customerName}`;
  return (
    <span className="flex flex-col items-stretch gap-2 whitespace-nowrap">
      <RowAction onClick={() => onDecide(hold, 'release')} aria-label={`Release early: ${what}`}>
        Release early
      </RowAction>
      <RowAction
        onClick={() => onDecide(hold, 'return')}
        aria-label={`Return ${what}`}
        className="text-red-800 ring-red-200 hover:bg-red-50"
      >
        Return check
      </RowAction>
    </span>
  );
}

/** The phone layout: one card per hold, the images at full width, the actions under them. */
function HoldCards({
  holds,
  onDecide,
}: {
  holds: readonly AdminHold[];
  onDecide: (hold: AdminHold, decision: HoldDecision) => void;
}) {
  return (
    <ul className="space-y-4" aria-label="Holds">
      {holds.map((hold) => (
        <li key={hold.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate font-semibold text-slate-900">{hold.customerName}</h2>
              <p className="font-mono text-xs text-slate-600">{hold.accountNumber}</p>
            </div>
            <p className="shrink-0 text-right font-semibold text-slate-900">
              <Money amount={hold.amount} currency="USD" />
            </p>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            Check {hold.checkNumber} · deposited {formatDateTime(hold.createdAt)}
          </p>
          <div className="mt-3">
            <CheckImages hold={hold} size="large" />
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <HoldStatusBadge status={hold.status} />
            {hold.status === 'active' ? (
              <span className="text-slate-700">
                <Money amount={hold.heldAmount} currency="USD" /> held
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-700">{outcomeOf(hold)}</p>
          {hold.reviewReason ? (
            <p className="mt-1 text-sm text-slate-800">Reason: {hold.reviewReason}</p>
          ) : null}
          <div className="mt-3">
            <Actions hold={hold} onDecide={onDecide} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/dashboard/holds: deposited checks whose money is held until they clear (issue 13). A
 * reviewer sees both photos, and may release a hold early or return the check, with a reason.
 * Filtered by status (active by default, in the URL); a table on wide screens, cards on phones.
 */
export function AdminHoldsPage() {
  usePageMeta({
    title: 'Check holds',
    description: 'Deposited checks on hold: look at both sides, release early or return.',
  });
  const { get, update } = useUrlParams();
  const status = oneOf(get('status'), holdStatuses) ?? 'active';
  const holds = useHolds(status);
  const rows = holds.data?.pages.flatMap((page) => page.items) ?? [];
  const wide = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const [deciding, setDeciding] = useState<{ hold: AdminHold; decision: HoldDecision } | null>(null);
  const onDecide = (hold: AdminHold, decision: HoldDecision) => setDeciding({ hold, decision });
  const empty = {
    active: 'No checks are on hold.',
    released: 'No holds have been released yet.',
    returned: 'No checks have been returned.',
  }[status];

  const columns: DataColumn<AdminHold>[] = [
    {
      id: 'customer',
      header: 'Customer',
      rowHeader: true,
      cell: (hold) => (
        <span className="block">
          {hold.customerName}
          <span className="block font-mono text-xs font-normal text-slate-600">{hold.accountNumber}</span>
        </span>
      ),
    },
    {
      id: 'check',
      header: 'Check',
      cell: (hold) => (
        <span className="block max-w-48">
          No. {hold.checkNumber}
          <span className="block font-mono text-xs break-all text-slate-600">{hold.transactionId}</span>
          <span className="block text-xs text-slate-600">Deposited {formatDateTime(hold.createdAt)}</span>
        </span>
      ),
    },
    { id: 'images', header: 'Front and back', cell: (hold) => <CheckImages hold={hold} size="small" /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (hold) => (
        <span className="block">
          <Money amount={hold.amount} currency="USD" />
          {hold.status === 'active' ? (
            <span className="block text-xs text-slate-600">
              <Money amount={hold.heldAmount} currency="USD" /> held
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (hold) => (
        <span className="block space-y-1">
          <HoldStatusBadge status={hold.status} />
          <span className="block text-xs text-slate-700">{outcomeOf(hold)}</span>
          {hold.reviewReason ? (
            <span className="block text-xs text-slate-700">Reason: {hold.reviewReason}</span>
          ) : null}
        </span>
      ),
    },
    { id: 'actions', header: 'Actions', cell: (hold) => <Actions hold={hold} onDecide={onDecide} /> },
  ];

  return (
    <AdminPage
      title="Check holds"
      intro="Deposited checks are credited at once and held until they clear. Look at both sides; release a hold early or return a check that will not be paid."
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => update({ status: event.target.value === 'active' ? '' : event.target.value })}
          className="sm:max-w-xs"
        >
          {holdStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value].list}
            </option>
          ))}
        </SelectField>
      </div>
      <div>
        {wide ? (
          <DataTable
            caption={statusLabels[status].list}
            hideCaption
            columns={columns}
            rows={rows}
            rowKey={(hold) => hold.id}
            pending={holds.isPending}
            error={holds.isError ? holds.error.message : null}
            onRetry={() => void holds.refetch()}
            retrying={holds.isRefetching}
            empty={empty}
            minWidthClass="min-w-[56rem]"
          />
        ) : holds.isPending ? (
          <SkeletonRows label="Loading holds…" rows={3} />
        ) : holds.isError && rows.length === 0 ? (
          <ErrorState
            message={holds.error.message}
            onRetry={() => void holds.refetch()}
            retrying={holds.isRefetching}
          />
        ) : rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-700">
            {empty}
          </p>
        ) : (
          <HoldCards holds={rows} onDecide={onDecide} />
        )}
        {holds.isSuccess ? (
          <LoadMore
            shown={rows.length}
            noun={['hold', 'holds']}
            hasMore={holds.hasNextPage}
            loading={holds.isFetchingNextPage}
            onLoadMore={() => void holds.fetchNextPage()}
          />
        ) : null}
      </div>
      {deciding ? (
        <HoldActionDialog
          key={`${deciding.hold.id}-${deciding.decision}`}
          hold={deciding.hold}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </AdminPage>
  );
}
