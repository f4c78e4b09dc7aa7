import { useState } from 'react';
import type { Card, CardEvent } from '@larkspur/contract';
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
            <dt className="text-slate-600">Card number</dt>
            <dd className="font-mono font-medium text-slate-900">{card.maskedNumber}</dd>
          </div>
          {/* Only a card whose status really changed has a time to show (not its issue date). */}
          {card.statusChangedAt ? (
            <div className="col-span-2">
              <dt className="text-slate-600">{frozen ? 'Frozen since' : 'Status changed'}</dt>
              <dd className="font-medium text-slate-900">{formatDateTime(card.statusChangedAt)}</dd>
            </div>
          ) : null}
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

const EVENT_LABELS: Record<CardEvent['kind'], string> = {
  frozen: 'Card frozen',
  unfrozen: 'Card unfrozen',
  'unfreeze-refused': 'Unfreeze refused: wrong password',
};

/** The card's latest freezes and unfreezes (its own history, from the server). */
function CardActivity({ card }: { card: Card }) {
  return (
    <section
      aria-labelledby={`card-activity-${card.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`card-activity-${card.id}`} className="text-lg font-semibold text-slate-900">
        Recent card activity
      </h2>
      {card.recentActivity.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Nothing yet: this card has not been frozen since it was issued.
        </p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200">
          {card.recentActivity.map((event, index) => (
            <li
              key={`${event.at}-${index}`}
              className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5"
            >
              <span className="font-medium text-slate-900">{EVENT_LABELS[event.kind]}</span>
              <span className="text-sm text-slate-600">{formatDateTime(event.at)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What freezing does and does not stop (docs/decisions/0117). */
function FreezeExplainer() {
  return (
    <section
      aria-labelledby="freeze-explainer"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="freeze-explainer" className="text-lg font-semibold text-slate-900">
        What freezing does
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">Stops at once</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
            <li>Payments with the card, in shops and online</li>
            <li>Cash withdrawals with the card</li>
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Keeps working</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
            <li>Sending money from online banking</li>
            <li>Money coming in, and check deposits</li>
            <li>Your balance, history and statements</li>
          </ul>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Freezing is instant and can be undone with your password. If the card is lost for good or you see a
        payment you did not make, contact us as well.
      </p>
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
          <>
            {cards.data.items.map((card) => (
              <div key={card.id} className="space-y-6">
                <CardPanel card={card} />
                <CardActivity card={card} />
              </div>
            ))}
            <FreezeExplainer />
          </>
        )}
      </div>
    </Page>
  );
}
