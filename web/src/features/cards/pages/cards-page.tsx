import { useState } from 'react';
import type { Card } from '@larkspur/contract';
import { CardIcon, SnowflakeIcon } from '@/components/ui/banking-icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Page } from '@/components/ui/page';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useFreezeCard } from '../api/freeze-card';
import { useCards } from '../api/get-cards';
import { DebitCard, formatExpiry } from '../components/debit-card';
import { UnfreezeDialog } from '../components/unfreeze-dialog';

function CardPanel({ card }: { card: Card }) {
  const [dialog, setDialog] = useState<'freeze' | 'unfreeze' | null>(null);
  const freeze = useFreezeCard();
  const frozen = card.status === 'frozen';
  const headingId = `card-${card.id}`;

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:grid-cols-[minmax(0,24rem)_1fr] md:items-start"
    >
      <DebitCard card={card} />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {card.brand} ending {card.last4}
          </h2>
          <StatusBadge tone={frozen ? 'info' : 'success'}>{frozen ? 'Frozen' : 'Active'}</StatusBadge>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Card holder</dt>
            <dd className="font-medium text-slate-900">{card.holderName}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Expires</dt>
            <dd className="font-mono font-medium text-slate-900">{formatExpiry(card)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600">Status changed</dt>
            <dd className="font-medium text-slate-900">{formatDateTime(card.updatedAt)}</dd>
          </div>
        </dl>
        <p role="status" className="text-sm text-slate-700">
          {frozen
            ? 'This card is frozen: no one can pay with it. Unfreeze it with your password when you find it.'
            : 'Misplaced your card? Freeze it at once — nothing can be paid with it until you unfreeze it.'}
        </p>
        {frozen ? (
          <Button onClick={() => setDialog('unfreeze')}>Unfreeze card</Button>
        ) : (
          <Button variant="secondary" onClick={() => setDialog('freeze')}>
            <SnowflakeIcon className="size-5" />
            Freeze card
          </Button>
        )}
      </div>

      {dialog === 'freeze' ? (
        <ConfirmDialog
          title="Freeze your card?"
          description={`No payments or withdrawals can be made with the card ending ${card.last4} until you unfreeze it. Unfreezing asks for your password.`}
          confirmLabel="Freeze card"
          pending={freeze.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            freeze.mutate(card.id, {
              onSuccess: () => {
                toast.success(`Card ending ${card.last4} frozen. No one can pay with it now.`);
                setDialog(null);
              },
            })
          }
        />
      ) : null}
      {dialog === 'unfreeze' ? <UnfreezeDialog card={card} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

/** /user/dashboard/cards: the virtual debit card, drawn as a card, with freeze and unfreeze. */
export function CardsPage() {
  usePageMeta({ title: 'Cards', description: 'Your Larkspur Debit card: see it, freeze it, unfreeze it.' });
  const cards = useCards();
  return (
    <Page title="Cards" intro="Your debit card, and the switch to freeze it.">
      <div className="mt-6 space-y-6">
        {cards.isPending ? (
          <Loading label="Loading your cards…">
            <Skeleton className="aspect-[1.586] w-full max-w-sm rounded-2xl" />
          </Loading>
        ) : cards.isError ? (
          <ErrorState
            title="We could not load your cards"
            message={cards.error.message}
            onRetry={() => void cards.refetch()}
            retrying={cards.isFetching}
          />
        ) : cards.data.items.length === 0 ? (
          <EmptyState icon={CardIcon} title="No cards yet">
            Your Larkspur Debit card appears here as soon as it is issued.
          </EmptyState>
        ) : (
          cards.data.items.map((card) => <CardPanel key={card.id} card={card} />)
        )}
      </div>
    </Page>
  );
}
