import { useState } from 'react';
import type { SessionItem } from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { Panel } from '@/components/ui/page';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { placeText } from './place-text';

function SessionRow({ session, onSignOut }: { session: SessionItem; onSignOut: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 py-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{session.device.label}</p>
          {session.current ? <StatusBadge tone="success">This device</StatusBadge> : null}
        </div>
        <p className="text-sm text-slate-700">{placeText(session.place)}</p>
        <p className="text-sm text-slate-600">
          Signed in {formatDateTime(session.signedInAt)}
          {session.current ? null : <> · last active {formatDateTime(session.lastActiveAt)}</>}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" onClick={onSignOut} aria-label={`Sign out ${session.device.label}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * "Devices and sessions": where the customer is signed in, this device marked, and the switches to
 * sign one or every other device out at once (their next request and live updates end).
 */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [target, setTarget] = useState<SessionItem | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);

  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];
  const others = items.filter((item) => !item.current);

  return (
    <Panel
      title="Devices and sessions"
      titleId="sessions-heading"
      actions={
        others.length > 0 ? (
          <Button variant="secondary" onClick={() => setConfirmAll(true)}>
            Sign out all other devices
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-slate-700">
        Browsers and phones signed in to your account now. If you do not recognise one, sign it out and change
        your password.
      </p>
      {sessions.isPending ? (
        <div className="mt-4">
          <SkeletonRows label="Loading your devices…" rows={2} />
        </div>
      ) : sessions.isError ? (
        <div className="mt-4">
          <ErrorState
            title="We could not load your devices"
            message={sessions.error.message}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        </div>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-200" aria-label="Signed-in devices">
            {items.map((session) => (
              <SessionRow key={session.id} session={session} onSignOut={() => setTarget(session)} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-slate-700">You are not signed in anywhere else.</p>
          ) : null}
          {sessions.hasNextPage ? (
            <LoadMore
              shown={items.length}
              noun={['device', 'devices']}
              hasMore
              loading={sessions.isFetchingNextPage}
              onLoadMore={() => void sessions.fetchNextPage()}
            />
          ) : null}
          <p className="mt-4 text-xs text-slate-600">
            Places are estimated from the internet address, offline, with{' '}
            <a
              className="underline"
              href="https://lite.ip2location.com"
              target="_blank"
              rel="noopener noreferrer"
            >
              IP2Location LITE data
            </a>
            .
          </p>
        </>
      )}

      {target ? (
        <ConfirmDialog
          title={`Sign out ${target.device.label}?`}
          description={`That device is signed out at once and has to sign in again with your password. It was signed in ${formatDateTime(target.signedInAt)} (${placeText(target.place)}).`}
          confirmLabel="Sign out device"
          confirmVariant="danger"
          pending={revoke.isPending}
          onCancel={() => setTarget(null)}
          onConfirm={() =>
            revoke.mutate(target.id, {
              onSuccess: () => {
                toast.success(`${target.device.label} is signed out.`);
                setTarget(null);
              },
              onError: () => setTarget(null),
            })
          }
        />
      ) : null}
      {confirmAll ? (
        <ConfirmDialog
          title="Sign out all other devices?"
          description="Every browser and phone signed in to your account, except this one, is signed out at once."
          confirmLabel="Sign out other devices"
          confirmVariant="danger"
          pending={revokeOthers.isPending}
          onCancel={() => setConfirmAll(false)}
          onConfirm={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ count }) => {
                toast.success(
                  count === 1 ? '1 other device is signed out.' : `${count} other devices are signed out.`,
                );
                setConfirmAll(false);
              },
              onError: () => setConfirmAll(false),
            })
          }
        />
      ) : null}
    </Panel>
  );
}
