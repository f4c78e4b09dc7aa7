import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { AppShell } from '@/components/ui/app-shell';
import { IdleTimeoutWarning } from '@/components/ui/idle-timeout-warning';
import { paths } from '@/config/paths';
import { getQueryClient } from '@/lib/query-client';
import { useLogout, useSession } from '@/lib/session';
import { useMoneyRequestSummary } from '../api/get-money-requests';
import { adminNavFor } from './admin-nav';

/**
 * The admin console around every /admin/dashboard page: navigation, the admin, Log Out, idle
 * warning. It provides the tab's query client to the console: public pages, /admin/login among
 * them, have none (docs/decisions/0019-public-pages-without-query-client.md).
 */
export function AdminShell() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <AdminConsole />
    </QueryClientProvider>
  );
}

function AdminConsole() {
  const session = useSession();
  const logout = useLogout();
  const user = session.data?.user;
  const isAdmin = user?.role === 'admin';
  const pending = usePendingRequests(isAdmin);

  // Logging out ends with a full page load of the home page: no detour to a sign-in page first.
  const leaving = logout.status !== 'idle';
  if (session.data && !isAdmin) return leaving ? null : <Navigate to={paths.adminLogin} replace />;
  if (!user) return null;

  return (
    <AppShell
      areaLabel="Admin"
      navLabel="Admin console"
      nav={adminNavFor(user.capabilities).map((item) =>
        item.to === paths.adminRequests ? { ...item, count: { value: pending, label: 'waiting' } } : item,
      )}
      tone="admin"
      person={{ name: `${user.firstName} ${user.surname}`, detail: user.email, avatarUrl: user.avatarUrl }}
      onLogout={logout.run}
      loggingOut={logout.isPending}
    >
      <Outlet />
      {/* Staff who time out go back to the staff sign-in, not the customers' login. */}
      <IdleTimeoutWarning signInPath={paths.adminLogin} />
    </AppShell>
  );
}

/** How many money requests wait for approval (issue 19): the Requests item's count. */
function usePendingRequests(isAdmin: boolean): number {
  const summary = useMoneyRequestSummary({ enabled: isAdmin });
  return isAdmin ? (summary.data?.counts.pending ?? 0) : 0;
}
