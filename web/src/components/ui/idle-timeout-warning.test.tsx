import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetIdleDeadlineStore } from '@/lib/idle-deadline';
import { createQueryClient } from '@/lib/query-client';
import { getSession, setSession } from '@/lib/session';
import { janeSession, jsonResponse as json } from '@/test/fixtures';
import { IDLE_WARNING_TITLE, IdleTimeoutWarning, SIGNED_OUT_FOR_INACTIVITY } from './idle-timeout-warning';

const toastInfo = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({
  toast: { info: toastInfo, error: vi.fn(), success: vi.fn() },
  clearErrorToasts: vi.fn(),
}));

const MINUTE_MS = 60_000;
const START = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const session = (idleExpiresAtMs: number) => janeSession(iso(idleExpiresAtMs));

const fetchMock = vi.fn<typeof fetch>();

function renderShell() {
  const queryClient = createQueryClient();
  setSession(session(START + 15 * MINUTE_MS));
  queryClient.setQueryData(['me'], { cached: 'profile' });
  const router = createMemoryRouter(
    [
      {
        path: '/user/dashboard',
        element: (
          <main>
            <h1>Dashboard</h1>
            <button type="button">Something on the page</button>
            <IdleTimeoutWarning signInPath="/login" />
          </main>
        ),
      },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    { initialEntries: ['/user/dashboard'] },
  );
  // Like index.html: the app renders into #root, the dialog beside it.
  const appRoot = document.body.appendChild(document.createElement('div'));
  appRoot.id = 'root';
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { container: appRoot },
  );
  return { queryClient, router, appRoot };
}

/** Moves the fake clock and lets React finish whatever that set off. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  // Only timers and Date: React's scheduler and the fetch promises keep running for real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toastInfo.mockReset();
});
afterEach(() => {
  cleanup();
  document.getElementById('root')?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetIdleDeadlineStore();
});

describe('IdleTimeoutWarning', () => {
  it('stays out of the way until one minute before the deadline, then opens a modal dialog', async () => {
    renderShell();
    await advance(13 * MINUTE_MS + 59_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await advance(1_000);
    const dialog = screen.getByRole('dialog', { name: IDLE_WARNING_TITLE });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Time left: 1:00');
    // Focus moves into the dialog, onto the safe choice.
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();

    await advance(15_000);
    expect(dialog).toHaveTextContent('Time left: 0:45');
  });

  it('keeps focus inside the dialog', async () => {
    const { appRoot } = renderShell();
    await advance(14 * MINUTE_MS);
    // The page behind is inert while the dialog is open.
    expect(appRoot).toHaveAttribute('inert');
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    const logOut = screen.getByRole('button', { name: 'Log out' });
    // The dialog's buttons in DOM order: Log out, then Stay signed in.
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(logOut).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(stay).toHaveFocus();
  });

  it('"Stay signed in" extends the session on the server and closes the dialog', async () => {
    renderShell();
    await advance(14 * MINUTE_MS);
    const extended = START + 14 * MINUTE_MS + 15 * MINUTE_MS;
    fetchMock.mockResolvedValue(json(200, session(extended)));

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/session/refresh',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The new deadline counts: no warning until a minute before it.
    await advance(13 * MINUTE_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1 * MINUTE_MS);
    expect(screen.getByRole('dialog', { name: IDLE_WARNING_TITLE })).toBeInTheDocument();
  });

  it('Escape means stay', async () => {
    renderShell();
    await advance(14 * MINUTE_MS);
    fetchMock.mockResolvedValue(json(200, session(START + 29 * MINUTE_MS)));
    const opener = screen.getByRole('button', { name: 'Something on the page' });
    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session/refresh', expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('at the deadline forgets everything cached and goes to the login page with a note', async () => {
    const { queryClient, router } = renderShell();
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await advance(15 * MINUTE_MS);

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(toastInfo).toHaveBeenCalledWith(SIGNED_OUT_FOR_INACTIVITY);
    expect(SIGNED_OUT_FOR_INACTIVITY).toBe('You were signed out after 15 minutes of inactivity.');
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(getSession()).toEqual({ user: null, idleExpiresAt: null });
    // The server is told too, in case its clock and ours disagree by a second.
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('follows the deadline the API reports on every answer', async () => {
    renderShell();
    await advance(10 * MINUTE_MS);
    // Some request the page makes answers with a later deadline.
    fetchMock.mockResolvedValue(
      new Response('{}', {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'x-session-idle-expires-at': iso(START + 25 * MINUTE_MS),
        },
      }),
    );
    const { api } = await import('@/lib/api-client');
    await act(async () => {
      await api('/api/me', { schema: { safeParse: (value: unknown) => ({ success: true, data: value }) } });
    });
    await advance(4 * MINUTE_MS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(10 * MINUTE_MS);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
