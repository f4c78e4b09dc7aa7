import type { QueryClient } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import type { SessionResponse } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { sessionQueryOptions } from '@/lib/session';
import { ApiError } from '@/lib/api-client';

/**
 * Route guards (SPEC §2). They exist for the person — so nobody lands on a screen they cannot
 * use — not for security: the server checks every request on its own.
 */
export async function loadSession(queryClient: QueryClient): Promise<SessionResponse> {
  try {
    return await queryClient.ensureQueryData(sessionQueryOptions());
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
export const requireGuest = (queryClient: QueryClient) => async () => {
  const session = await loadSession(queryClient);
  if (session.user) throw redirect(homeFor(session));
  return null;
};

/** The user area: guests go to /login, admins to their own dashboard. */
export const requireCustomer = (queryClient: QueryClient) => async () => {
  const session = await loadSession(queryClient);
  if (!session.user) throw redirect(paths.login);
  if (session.user.role === 'admin') throw redirect(paths.adminDashboard);
  // Every page of the area shows the profile (the shell asks for it, the overview's balance is its
  // largest paint): asked for now, it loads with the page's code instead of after the first render.
  void import('@/lib/me').then(({ meQueryOptions }) => queryClient.prefetchQuery(meQueryOptions()));
  return null;
};

/** The admin area: everyone but an admin goes to /admin/login. */
export const requireAdmin = (queryClient: QueryClient) => async () => {
  const session = await loadSession(queryClient);
  if (session.user?.role !== 'admin') throw redirect(paths.adminLogin);
  return null;
};
