import type { SecurityEvent } from '@larkspur/contract';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Panel } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { useSecurityEvents } from '../api/get-security-events';
import { placeText } from './place-text';

function EventRow({ event }: { event: SecurityEvent }) {
  const refused = event.outcome !== 'success';
  const where = event.place ? placeText(event.place) : null;
  const extra = [event.detail, where].filter((part): part is string => part !== null).join(' · ');
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {event.title}
          {refused ? (
            <StatusBadge tone="warning">{event.outcome === 'denied' ? 'Refused' : 'Failed'}</StatusBadge>
          ) : null}
        </p>
        {extra ? <p className="text-sm break-words text-slate-700">{extra}</p> : null}
      </div>
      <p className="text-sm text-slate-600">
        <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
      </p>
    </li>
  );
}

/** "Recent security activity": the customer's own sign-ins, failed attempts and changes, newest first. */
export function SecurityEventsSection() {
  const events = useSecurityEvents();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Panel title="Recent security activity" titleId="security-events-heading">
      <p className="text-sm text-slate-700">
        Sign-ins, failed attempts and changes to your security settings. Something you did not do? Sign out
        your other devices and change your password.
      </p>
      {events.isPending ? (
        <div className="mt-4">
          <SkeletonRows label="Loading your security activity…" rows={3} />
        </div>
      ) : events.isError ? (
        <div className="mt-4">
          <ErrorState
            title="We could not load your security activity"
            message={events.error.message}
            onRetry={() => void events.refetch()}
            retrying={events.isFetching}
          />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">No security activity yet.</p>
      ) : (
        <>
          <ol className="mt-2 divide-y divide-slate-200" aria-label="Security activity, newest first">
            {items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ol>
          <LoadMore
            shown={items.length}
            noun={['event', 'events']}
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onLoadMore={() => void events.fetchNextPage()}
          />
        </>
      )}
    </Panel>
  );
}
