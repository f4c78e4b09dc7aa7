import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useUser } from '../api/get-user';
import { AdminPage } from '../components/admin-page';
import { UserStatusBadge } from '../components/status-badge';
import { UserFile } from '../components/user-file';
import { UsersList } from '../components/users-list';
import { useUrlParams } from '../components/url-state';

/**
 * /admin/dashboard/users: the customer directory, and — with `?user=<id>` — one customer's file.
 * The file is a view of this page rather than a route of its own (docs/decisions/0060): the route
 * table and the server's SPA fallback stay as they are, and the list's search survives the visit.
 */
export function AdminUsersPage() {
  const { get, params } = useUrlParams();
  const userId = get('user') || null;
  return userId ? <UserFilePage userId={userId} listSearch={params} /> : <UsersListPage />;
}

function UsersListPage() {
  usePageMeta({ title: 'Users', description: 'Find a customer, open their file, act on their account.' });
  return (
    <AdminPage title="Users" intro="Every customer of the bank. Staff accounts are not listed here.">
      <UsersList />
    </AdminPage>
  );
}

function UserFilePage({ userId, listSearch }: { userId: string; listSearch: URLSearchParams }) {
  const detail = useUser(userId);
  const profile = detail.data?.profile;
  const name = profile ? `${profile.firstName} ${profile.surname}` : 'Customer';
  usePageMeta({ title: profile ? `${name} · Users` : 'Customer file', description: 'A customer’s file.' });

  const back = new URLSearchParams(listSearch);
  back.delete('user');
  const backLink = (
    <Link
      to={`?${back.toString()}`}
      className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline"
    >
      <span aria-hidden="true">←</span> All users
    </Link>
  );
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  return (
    <AdminPage
      before={backLink}
      title={
        <span className="flex flex-wrap items-center gap-3">
          {name}
          {profile ? <UserStatusBadge status={profile.status} /> : null}
        </span>
      }
      intro={
        profile ? (
          <>
            Account <span className="font-mono">{profile.accountNumber}</span> · {profile.email}
          </>
        ) : null
      }
    >
      {detail.isPending ? <SkeletonRows label="Loading the customer’s file…" rows={5} /> : null}
      {detail.isError && !detail.data && notFound ? (
        <p className="text-slate-800">{detail.error.message}</p>
      ) : null}
      {detail.isError && !detail.data && !notFound ? (
        <ErrorState
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          retrying={detail.isRefetching}
        />
      ) : null}
      {detail.data ? <UserFile detail={detail.data} /> : null}
    </AdminPage>
  );
}
