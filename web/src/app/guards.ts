import { data, redirect } from 'react-router';
import type { SessionResponse } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { loadSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';

/**
 * Route guards (product §2). They exist for the person — so nobody lands on a screen they cannot
 * use — not for security: the server checks every request on its own.
 */

/** The session for a loader: a request that failed becomes the error page's status. */
export async function sessionLoader(): Promise<SessionResponse> {
  try {
    return await loadSession();
  } catch (error) {
    if (error instanceof ApiError) {
      const status = error.status === 0 ? 503 : error.status;
      throw data(error.message, {
        status,
        statusText: error.status === 0 ? 'Service Unavailable' : error.message,
      });
    }
    throw error;
  }
}

function homeFor(session: SessionResponse): string {
  return session.user?.role === 'admin' ? paths.adminDashboard : paths.userDashboard;
}

/** /login, /admin/login, /signup: a signed-in person goes to their dashboard. */
export async function requireGuest() {
  const session = await sessionLoader();
  if (session.user) throw redirect(homeFor(session));
  return null;
}

/** The user area: guests go to /login, admins to their own dashboard. */
export async function requireCustomer() {
  const session = await sessionLoader();
  if (!session.user) throw redirect(paths.login);
  if (session.user.role === 'admin') throw redirect(paths.adminDashboard);
  // Every page of the area shows the profile (the shell asks for it, the overview's balance is its
  // largest paint): asked for now, it loads with the page's code instead of after the first render.
  // TanStack Query comes with it (lib/me.ts): public pages never load it (decision 0019).
  void import('@/lib/me').then(({ prefetchMe }) => prefetchMe());
  return null;
}

/** The admin area: everyone but an admin goes to /admin/login. */
export async function requireAdmin() {
  const session = await sessionLoader();
  if (session.user?.role !== 'admin') throw redirect(paths.adminLogin);
  return null;
}
