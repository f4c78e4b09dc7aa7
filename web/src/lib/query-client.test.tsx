import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from './query-client';
import { signedIn, useLogout } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getQueryClient', () => {
  it('is one client per tab, which follows the session store', async () => {
    const client = getQueryClient();
    expect(getQueryClient()).toBe(client);

    // A sign-in: nothing cached before belongs to the person who just signed in.
    client.setQueryData(['me'], { firstName: 'Someone before' });
    signedIn({ user: null, idleExpiresAt: null });
    expect(client.getQueryData(['me'])).toBeUndefined();

    // A sign-out: what is in flight is stopped before the page is left.
    const cancel = vi.spyOn(client, 'cancelQueries');
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json({ ok: true })));
    const { result } = renderHook(() => useLogout());
    act(() => result.current.run());
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });
});
