import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAsyncAction } from './use-async-action';

afterEach(cleanup);

function controlled() {
  const calls: { input: number; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const action = (input: number) =>
    new Promise<string>((resolve, reject) => calls.push({ input, resolve, reject }));
  return { action, calls };
}

describe('useAsyncAction', () => {
  it('is pending while the action runs, and hands on its result', async () => {
    const { action, calls } = controlled();
    const { result } = renderHook(() => useAsyncAction(action));
    expect(result.current).toMatchObject({ status: 'idle', isPending: false });
    let done: Promise<string> = Promise.resolve('');
    act(() => void (done = result.current.run(7)));
    expect(result.current.isPending).toBe(true);
    expect(calls[0]?.input).toBe(7);
    await act(async () => calls[0]?.resolve('ok'));
    expect(await done).toBe('ok');
    expect(result.current).toMatchObject({ status: 'success', isPending: false });
  });

  it('rejects with the error for the caller to show, and keeps it', async () => {
    const { action, calls } = controlled();
    const { result } = renderHook(() => useAsyncAction(action));
    let done: Promise<string> = Promise.resolve('');
    act(() => void (done = result.current.run(1)));
    const failure = new Error('no');
    await act(async () => {
      calls[0]?.reject(failure);
      await expect(done).rejects.toBe(failure);
    });
    expect(result.current).toMatchObject({ status: 'error', isPending: false, error: failure });
  });

  it('follows the latest run: an earlier one settling late does not end its pending state', async () => {
    const { action, calls } = controlled();
    const { result } = renderHook(() => useAsyncAction(action));
    act(() => void result.current.run(1));
    act(() => void result.current.run(2));
    await act(async () => calls[0]?.resolve('first'));
    expect(result.current.isPending).toBe(true);
    await act(async () => calls[1]?.resolve('second'));
    expect(result.current.status).toBe('success');
  });
});
