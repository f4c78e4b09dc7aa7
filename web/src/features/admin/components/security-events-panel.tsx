import type { SecurityEvent } from '@larkspur/contract';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { StatusBadge } from '@/components/ui/status-badge';
import { useSecurityEvents } from '../api/get-security-events';
import { formatDateTime } from './format';

/** A coarse place in words, as the customer's own security page says it. */
function placeWords(place: SecurityEvent['place']): string | null {
  if (!place) return null;
  return place.kind === 'local' ? 'Local network' : place.name;
}

/**
 * "Security activity" in a customer's file (issue 19): the sign-ins, failed attempts and changes
 * the customer sees on their own security page, in the same words, newest first. What a caller
 * says they did (or did not do) can be checked against it.
 */
export function SecurityEventsPanel({ userId }: { userId: string }) {
  const events = useSecurityEvents(userId);
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  if (events.isPending) return <p className="text-sm text-slate-700">Loading security activity…</p>;
  if (events.isError)
    return (
      <ErrorState
        title="The security activity could not be loaded"
        message={events.error.message}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  if (items.length === 0) return <p className="text-sm text-slate-700">No security activity yet.</p>;
  return (
    <div>
      <ol className="divide-y divide-slate-200" aria-label="Security activity, newest first">
        {items.map((event) => {
          const extra = [event.detail, placeWords(event.place)].filter((p): p is string => p !== null);
          return (
            <li key={event.id} className="py-2.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                {event.title}
                {event.outcome !== 'success' ? (
                  <StatusBadge tone="warning">
                    {event.outcome === 'denied' ? 'Refused' : 'Failed'}
                  </StatusBadge>
                ) : null}
              </p>
              <p className="text-sm break-words text-slate-700">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {extra.length > 0 ? ` · ${extra.join(' · ')}` : null}
              </p>
            </li>
          );
        })}
      </ol>
      <LoadMore
        shown={items.length}
        noun={['event', 'events']}
        hasMore={events.hasNextPage}
        loading={events.isFetchingNextPage}
        onLoadMore={() => void events.fetchNextPage()}
      />
    </div>
  );
}
