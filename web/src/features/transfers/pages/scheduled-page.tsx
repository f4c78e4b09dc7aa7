import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  formatCents,
  parseAmountToCents,
  PURPOSE_LENGTH_MAX,
  type ScheduledTransfer,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { AmountField } from '@/components/ui/amount-field';
import { ListIcon } from '@/components/ui/banking-icons';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TextField } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import { Money } from '@/components/ui/money';
import { Page } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError, messageFor } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useCancelScheduledTransfer } from '../api/cancel-scheduled-transfer';
import {
  getScheduledTransfers,
  scheduledTransfersQueryKey,
  type ScheduledFilter,
} from '../api/get-scheduled-transfers';
import { useUpdateScheduledTransfer } from '../api/update-scheduled-transfer';
import { describeSchedule, formatDay } from '../components/when-rules';

const statusBadges: Record<ScheduledTransfer['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  finished: { label: 'Finished', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
};

function EditDialog({ series, onClose }: { series: ScheduledTransfer; onClose: () => void }) {
  const update = useUpdateScheduledTransfer();
  const [amount, setAmount] = useState(series.amount);
  const [purpose, setPurpose] = useState(series.purpose);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const save = async () => {
    const cents = parseAmountToCents(amount.trim());
    if (cents === null || cents <= 0n) {
      setError({ field: 'amount', message: 'Invalid transfer amount.' });
      return;
    }
    try {
      await update.mutateAsync({ id: series.id, changes: { amount: formatCents(cents), purpose } });
      toast.success('Scheduled payment changed');
      onClose();
    } catch (failure) {
      setError({
        field: failure instanceof ApiError ? failure.field : undefined,
        message: messageFor(failure),
      });
    }
  };
  return (
    <Dialog
      title="Change scheduled payment"
      description={`To ${series.recipientName}. The change applies from the next payment on.`}
      onDismiss={() => {
        if (!update.isPending) onClose();
      }}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {error && error.field !== 'amount' && error.field !== 'purpose' ? (
          <FormAlert>{error.message}</FormAlert>
        ) : null}
        <AmountField
          label="Amount (US dollars)"
          maxLength={20}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={error?.field === 'amount' ? error.message : undefined}
        />
        <TextField
          label="Purpose (optional)"
          maxLength={PURPOSE_LENGTH_MAX}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
          error={error?.field === 'purpose' ? error.message : undefined}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Keep as it is
          </Button>
          <Button type="submit" pending={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
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
            Next payment: <span className="font-semibold">{formatDay(series.nextRunOn)}</span> (payment{' '}
            {series.nextOccurrence} of {series.occurrenceTotal})
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
              Cancel payments
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
      {editing ? <EditDialog series={editing} onClose={() => setEditing(null)} /> : null}
      {cancelling ? (
        <ConfirmDialog
          title="Cancel these payments?"
          description={
            <>
              No payment of <Money amount={cancelling.amount} currency={currency} /> to{' '}
              {cancelling.recipientName} still to come will be made. Payments already made stay made.
            </>
          }
          confirmLabel="Cancel payments"
          confirmVariant="danger"
          cancelLabel="Keep them"
          pending={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancel.mutate(cancelling.id, {
              onSuccess: () => {
                toast.success('Scheduled payments cancelled');
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
