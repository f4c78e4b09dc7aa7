import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AppShell } from '@/components/ui/app-shell';
import { IdleTimeoutWarning } from '@/components/ui/idle-timeout-warning';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { sessionQueryKey, useLogout, useSession } from '@/lib/session';
import { useProfileStream } from '../api/profile-stream';
import { customerNav } from './customer-nav';

/**
 * The customer area around every /user/dashboard page: navigation, who is signed in, Log Out,
 * the live profile stream and the idle-timeout warning.
 */
export function CustomerShell() {
  const session = useSession();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const user = session.data?.user;
  const isCustomer = user?.role === 'user';
  useProfileStream(isCustomer);

  // A 401 from the profile means the server ended the session (e.g. a password change elsewhere):
  // ask who is signed in now, and the check below takes the person to the login page.
  const me = useMe({ enabled: isCustomer });
  const sessionGone = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (sessionGone) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [sessionGone, queryClient]);

  // Logging out ends with a full page load of the home page: no detour to a sign-in page first.
  const leaving = logout.status !== 'idle';
  if (session.data && !isCustomer) return leaving ? null : <Navigate to={paths.login} replace />;
  if (!user) return null;

  return (
    <AppShell
      areaLabel="Online Banking"
      navLabel="Online banking"
      nav={customerNav}
      tone="customer"
      person={{
        name: `${user.firstName} ${user.surname}`,
        detail: user.accountNumber ? `Account ${user.accountNumber}` : user.email,
        avatarUrl: user.avatarUrl,
      }}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    >
      <Outlet />
      <IdleTimeoutWarning signInPath={paths.login} />
    </AppShell>
  );
}
