import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AppShell } from '@/components/ui/app-shell';
import { IdleTimeoutWarning } from '@/components/ui/idle-timeout-warning';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { getQueryClient } from '@/lib/query-client';
import { refreshSession, useLogout, useSession } from '@/lib/session';
import { SIGNED_OUT_ELSEWHERE_NOTICE, takeSignOutExplainedHere } from '@/lib/sign-out-notice';
import { toast } from '@/lib/toast';
import { useProfileStream } from '../api/profile-stream';
import { customerNav } from './customer-nav';

/**
 * The customer area around every /user/dashboard page: navigation, who is signed in, Log Out,
 * the live profile stream and the idle-timeout warning. It provides the tab's query client to the
 * area: public pages have none (docs/decisions/0019-public-pages-without-query-client.md).
 */
export function CustomerShell() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <CustomerArea />
    </QueryClientProvider>
  );
}

function CustomerArea() {
  const session = useSession();
  const logout = useLogout();
  const user = session.data?.user;
  const isCustomer = user?.role === 'user';
  useProfileStream(isCustomer);

  // A 401 from the profile means the server ended the session (e.g. a password change elsewhere):
  // ask who is signed in now, and the check below takes the person to the login page.
  const me = useMe({ enabled: isCustomer });
  const sessionGone = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (sessionGone) refreshSession().catch(() => undefined);
  }, [sessionGone]);

  // Logging out ends with a full page load of the home page: no detour to a sign-in page first.
  const leaving = logout.status !== 'idle';
  const ended = Boolean(session.data) && !isCustomer && !leaving;
  // Signed in a moment ago, and not by this tab's Log Out: the session was ended elsewhere (another
  // device signed it out, a password change), and the login page says so rather than appearing
  // unexplained (issue 28). A guest who opens a customer page never was: they get no such notice.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (isCustomer) wasSignedIn.current = true;
    else if (ended && wasSignedIn.current) {
      wasSignedIn.current = false;
      if (!takeSignOutExplainedHere()) toast.info(SIGNED_OUT_ELSEWHERE_NOTICE);
    }
  }, [isCustomer, ended]);
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
      onLogout={logout.run}
      loggingOut={logout.isPending}
    >
      <Outlet />
      <IdleTimeoutWarning signInPath={paths.login} />
    </AppShell>
  );
}
