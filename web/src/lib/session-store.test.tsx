import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getSession,
  loadSession,
  onSessionEvent,
  refreshSession,
  resetSessionStore,
  SESSION_STALE_MS,
  signedIn,
  useLogout,
  useSession,
  type SessionEvent,
} from './session';
import { danaSession as dana, guestSession as guest, jsonResponse as json } from '@/test/fixtures';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('./toast', () => ({
  toast: { error: toastError, info: vi.fn(), success: vi.fn() },
  clearErrorToasts: vi.fn(),
}));

/** A response the test hands over when it chooses. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const sessionCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/session').length;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  toastError.mockReset();
  resetSessionStore();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session store', () => {
  it('asks once for callers that come while the request is out, then answers from its cache', async () => {
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    const first = loadSession();
    const second = loadSession();
    expect(sessionCalls()).toBe(1);
    answer.resolve(json(200, dana));
    expect(await first).toEqual(dana);
    expect(await second).toEqual(dana);

    expect(await loadSession()).toEqual(dana);
    expect(sessionCalls()).toBe(1);
    expect(getSession()).toEqual(dana);
  });

  it('answers with an old session at once and refreshes it behind, after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T10:00:00.000Z') });
    fetchMock.mockResolvedValueOnce(json(200, dana));
    await loadSession();
    vi.setSystemTime(Date.now() + SESSION_STALE_MS - 1);
    await loadSession();
    expect(sessionCalls()).toBe(1);

    vi.setSystemTime(Date.now() + 1);
    fetchMock.mockResolvedValueOnce(json(200, guest));
    expect(await loadSession()).toEqual(dana);
    expect(sessionCalls()).toBe(2);
    await waitFor(() => expect(getSession()).toEqual(guest));
  });

  it('remembers no failure: the next caller asks again', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'UNAVAILABLE', message: 'Down.' } }));
    await expect(loadSession()).rejects.toMatchObject({ status: 503 });
    expect(getSession()).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json(200, guest));
    expect(await loadSession()).toEqual(guest);
  });

  it('keeps a sign-in over the answer to a request sent before it', async () => {
    const late = deferred();
    fetchMock.mockReturnValueOnce(late.promise);
    const before = loadSession();
    signedIn(dana);
    late.resolve(json(200, guest));
    expect(await before).toEqual(dana);
    expect(getSession()).toEqual(dana);
  });

  it('refreshSession asks the server even with a fresh answer cached', async () => {
    signedIn(dana);
    fetchMock.mockResolvedValueOnce(json(200, guest));
    expect(await refreshSession()).toEqual(guest);
    expect(getSession()).toEqual(guest);
  });

  it('tells the listeners about a sign-in, and forgets a removed listener', () => {
    const events: SessionEvent[] = [];
    const remove = onSessionEvent((event) => void events.push(event));
    signedIn(dana);
    expect(events).toEqual(['signed-in']);
    remove();
    signedIn(dana);
    expect(events).toEqual(['signed-in']);
  });
});

describe('useSession', () => {
  it('renders what the store holds, and every change to it', async () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(json(200, guest));
    await act(() => loadSession());
    expect(result.current.data).toEqual(guest);

    act(() => signedIn(dana));
    expect(result.current.data?.user?.firstName).toBe('Dana');
  });

  it('refreshes an old session when the tab is shown again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T10:00:00.000Z') });
    signedIn(dana);
    const { result } = renderHook(() => useSession());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchMock).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + SESSION_STALE_MS);
    fetchMock.mockResolvedValueOnce(json(200, guest));
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(result.current.data).toEqual(guest));
  });
});

describe('useLogout', () => {
  // jsdom cannot navigate; it says so on the console.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('ends the session on the server, then lets the listeners stop their requests, pending throughout', async () => {
    const answer = deferred();
    fetchMock.mockReturnValueOnce(answer.promise);
    let release: () => void = () => undefined;
    const signingOut = vi.fn(
      (event: SessionEvent) =>
        new Promise<void>((resolve) => {
          expect(event).toBe('signing-out');
          release = resolve;
        }),
    );
    onSessionEvent(signingOut);
    const { result } = renderHook(() => useLogout());
    expect(result.current.status).toBe('idle');

    act(() => result.current.run());
    expect(result.current.isPending).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(signingOut).not.toHaveBeenCalled();

    answer.resolve(json(200, { ok: true }));
    await waitFor(() => expect(signingOut).toHaveBeenCalledTimes(1));
    expect(result.current.isPending).toBe(true);
    await act(async () => release());
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows a failure as a toast and leaves all the same', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'INTERNAL', message: 'Broken.' } }));
    const signingOut = vi.fn();
    onSessionEvent(signingOut);
    const { result } = renderHook(() => useLogout());
    act(() => result.current.run());
    await waitFor(() => expect(signingOut).toHaveBeenCalledWith('signing-out'));
    expect(toastError).toHaveBeenCalledWith('Broken.');
  });
});
