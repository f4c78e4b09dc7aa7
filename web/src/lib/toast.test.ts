import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The library, recorded: which toasts were asked for and which were dismissed.
const calls = vi.hoisted(() => ({
  shown: [] as { kind: string; message: string; id: string }[],
  dismissed: [] as string[],
}));
vi.mock('react-toastify/unstyled', () => {
  let next = 0;
  const make = (kind: string) => (message: string, options?: { toastId?: string }) => {
    next += 1;
    const id = options?.toastId ?? `t${next}`;
    calls.shown.push({ kind, message, id });
    return id;
  };
  return {
    ToastContainer: () => null,
    toast: {
      success: make('success'),
      error: make('error'),
      info: make('info'),
      dismiss: (id: string) => calls.dismissed.push(id),
    },
  };
});

const { clearErrorToasts, toast } = await import('./toast');
const { api } = await import('./api-client');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const visibleErrors = () =>
  calls.shown.filter((c) => c.kind === 'error' && !calls.dismissed.includes(c.id)).map((c) => c.message);

beforeEach(() => {
  clearErrorToasts();
  calls.shown.length = 0;
  calls.dismissed.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('error toasts do not outlive the problem', () => {
  it('a success clears the error toasts before it', async () => {
    toast.error('That code is not correct.');
    await settle();
    expect(visibleErrors()).toEqual(['That code is not correct.']);
    toast.success('Password changed.');
    await settle();
    expect(visibleErrors()).toEqual([]);
    expect(calls.shown.at(-1)).toMatchObject({ kind: 'success', message: 'Password changed.' });
  });

  it('clearErrorToasts (called on every page change) dismisses them, and drops one still loading', async () => {
    toast.error('Failed to log in. Please check your credentials.');
    await settle();
    toast.error('Asked for just before the page changed');
    clearErrorToasts();
    await settle();
    expect(visibleErrors()).toEqual([]);
    expect(calls.shown.map((c) => c.message)).not.toContain('Asked for just before the page changed');
  });

  it('leaves info and success toasts alone', async () => {
    toast.info('We sent a new code.');
    await settle();
    clearErrorToasts();
    await settle();
    expect(calls.dismissed).toEqual([]);
  });

  it('the same error twice is one toast', async () => {
    toast.error('Insufficient funds.');
    toast.error('Insufficient funds.');
    await settle();
    expect(new Set(calls.shown.map((c) => c.id)).size).toBe(1);
  });

  it('a request that changes something and succeeds clears them (the API client)', async () => {
    toast.error('The current password is not correct.');
    await settle();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    await api('/api/me/password', {
      method: 'POST',
      body: {},
      schema: { safeParse: (value: unknown) => ({ success: true as const, data: value }) },
    });
    await settle();
    expect(visibleErrors()).toEqual([]);
  });

  it('a read that succeeds does not (a background refresh says nothing about the problem)', async () => {
    toast.error('We could not freeze the card.');
    await settle();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await api('/api/me', {
      schema: { safeParse: (value: unknown) => ({ success: true as const, data: value }) },
    });
    await settle();
    expect(visibleErrors()).toEqual(['We could not freeze the card.']);
  });
});
