import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScheduledTransfer } from '@larkspur/contract';
import { ListIcon } from '@/components/ui/banking-icons';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Money } from '@/components/ui/money';
import { Page } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useCancelScheduledTransfer } from '../api/cancel-scheduled-transfer';
import {
  getScheduledTransfers,
  scheduledTransfersQueryKey,
  type ScheduledFilter,
} from '../api/get-scheduled-transfers';
import { ScheduledEditDialog } from '../components/scheduled-edit-dialog';
import { describeSchedule, formatDay } from '../components/when-rules';

const statusBadges: Record<ScheduledTransfer['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  finished: { label: 'Finished', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
};

/** The cancel question in the singular for a one-off payment, in the plural for a series. */
function cancelWords(series: ScheduledTransfer, currency: string) {
  if (series.occurrenceTotal === 1) {
    return {
      title: 'Cancel this payment?',
      description: (
        <>
          The payment of <Money amount={series.amount} currency={currency} /> to {series.recipientName}
          {series.nextRunOn ? ` on ${formatDay(series.nextRunOn)}` : ''} will not be made.
        </>
      ),
      confirmLabel: 'Cancel payment',
      cancelLabel: 'Keep it',
    };
  }
  return {
    title: 'Cancel these payments?',
    description: (
      <>
        No payment of <Money amount={series.amount} currency={currency} /> to {series.recipientName} still to
        come will be made. Payments already made stay made.
      </>
    ),
    confirmLabel: 'Cancel payments',
    cancelLabel: 'Keep them',
  };
}

function SeriesCard({
  series,
  currency,
  onEdit,
  onCancel,
}: {
  series: ScheduledTransfer;
  currency: string;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const badge = statusBadges[series.status];
  const headingId = `series-${series.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        data-testid="scheduled-series"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              <Money amount={series.amount} currency={currency} /> to {series.recipientName}
            </h2>
            <p className="text-sm text-slate-700">{describeSchedule(series)}</p>
            <p className="text-sm text-slate-600">
              {series.type} · account <span className="font-mono">{series.recipientAccount}</span>
              {series.purpose ? ` · ${series.purpose}` : ''}
            </p>
          </div>
          <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
        </div>
        {series.nextRunOn ? (
          <p className="mt-3 text-sm text-slate-900">
            {series.occurrenceTotal === 1 ? (
              <>
                Payment date: <span className="font-semibold">{formatDay(series.nextRunOn)}</span>
              </>
            ) : (
              <>
                Next payment: <span className="font-semibold">{formatDay(series.nextRunOn)}</span> (payment{' '}
                {series.nextOccurrence} of {series.occurrenceTotal})
              </>
            )}
          </p>
        ) : null}
        {series.recentRuns.length > 0 ? (
          <div className="mt-3">
            <h3 className="text-sm font-medium text-slate-900">Recent payments</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {series.recentRuns.map((run) => (
                <li key={run.occurrence} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-slate-700">{formatDay(run.dueOn)}</span>
                  {run.status === 'succeeded' ? (
                    <span className="text-emerald-800">
                      Paid <Money amount={run.amount} currency={currency} />
                      {run.transactionId ? (
                        <span className="ml-1 font-mono text-xs text-slate-600">{run.transactionId}</span>
                      ) : null}
                    </span>
                  ) : (
                    <span className="text-red-700">Not paid: {run.failureMessage}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {series.status === 'active' ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onEdit}>
              Change
            </Button>
            <Button variant="danger" onClick={onCancel}>
              {series.occurrenceTotal === 1 ? 'Cancel payment' : 'Cancel payments'}
            </Button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

/**
 * /user/dashboard/scheduled (issue 18): the customer's scheduled and recurring transfers, each with
 * its next payment and its recent ones (paid, or not paid and why), to change or cancel.
 */
export function ScheduledPage() {
  usePageMeta({
    title: 'Scheduled payments',
    description: 'Your scheduled and repeating transfers at Larkspur Bank: see, change or cancel them.',
  });
  const [filter, setFilter] = useState<ScheduledFilter>('active');
  const [editing, setEditing] = useState<ScheduledTransfer | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledTransfer | null>(null);
  const cancel = useCancelScheduledTransfer();
  const query = useInfiniteQuery({
    queryKey: [...scheduledTransfersQueryKey, 'page', filter],
    queryFn: ({ pageParam, signal }) => getScheduledTransfers(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const currency = 'USD';

  return (
    <Page
      title="Scheduled payments"
      intro="Payments on a later date and repeating ones. Each is paid early on its day (UTC)."
      actions={
        <ButtonLink to={paths.userSendMoney} variant="primary">
          Schedule a payment
        </ButtonLink>
      }
    >
      <div className="mt-6 space-y-4">
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">Show</legend>
          {(
            [
              ['active', 'Still to come'],
              ['all', 'All, with ended and cancelled'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name="scheduled-filter"
                checked={filter === value}
                onChange={() => setFilter(value)}
                className="size-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {query.isPending ? (
          <SkeletonRows label="Loading your scheduled payments…" rows={3} />
        ) : query.isError ? (
          <ErrorState
            title="We could not load your scheduled payments"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={ListIcon} title="No scheduled payments">
            In Send money, choose “On a date” or “Repeating” under “When?”.
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3">
              {items.map((series) => (
                <SeriesCard
                  key={series.id}
                  series={series}
                  currency={currency}
                  onEdit={() => setEditing(series)}
                  onCancel={() => setCancelling(series)}
                />
              ))}
            </ul>
            <LoadMore
              shown={items.length}
              noun={['scheduled payment', 'scheduled payments']}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
      {editing ? <ScheduledEditDialog series={editing} onClose={() => setEditing(null)} /> : null}
      {cancelling ? (
        <ConfirmDialog
          {...cancelWords(cancelling, currency)}
          confirmVariant="danger"
          pending={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancel.mutate(cancelling.id, {
              onSuccess: () => {
                toast.success(
                  cancelling.occurrenceTotal === 1
                    ? 'Scheduled payment cancelled'
                    : 'Scheduled payments cancelled',
                );
                setCancelling(null);
              },
              onError: (error) => {
                toast.error(messageFor(error));
                setCancelling(null);
              },
            })
          }
        />
      ) : null}
    </Page>
  );
}
