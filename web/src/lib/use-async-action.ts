import { useCallback, useRef, useState } from 'react';

export type AsyncActionStatus = 'idle' | 'pending' | 'success' | 'error';

export interface AsyncAction<TInput, TResult> {
  /**
   * Runs the action: resolves with its result, rejects with its error. The caller decides what a
   * failure shows (beside a field, in the form's alert, as a toast: lib/form-errors.ts).
   */
  run: (input: TInput) => Promise<TResult>;
  /** Of the latest run. */
  status: AsyncActionStatus;
  isPending: boolean;
  /** The latest run's error, if it failed. */
  error: unknown;
}

/**
 * A request a form sends on the person's say-so (sign in, send the code, the loan inquiry), with
 * the state its button shows. The public pages' forms use this rather than TanStack Query's
 * `useMutation`, so those pages do not load TanStack Query at all
 * (docs/decisions/0019-public-pages-without-query-client.md). Nothing is toasted here: every user
 * of it shows its own errors.
 */
export function useAsyncAction<TInput = void, TResult = void>(
  action: (input: TInput) => Promise<TResult>,
): AsyncAction<TInput, TResult> {
  const [state, setState] = useState<{ status: AsyncActionStatus; error: unknown }>({
    status: 'idle',
    error: undefined,
  });
  // Only the latest run speaks for the state, as with a mutation: an earlier one settling late
  // does not clear the pending state of the one after it.
  const latest = useRef(0);
  const run = useCallback(
    async (input: TInput) => {
      latest.current += 1;
      const call = latest.current;
      setState({ status: 'pending', error: undefined });
      try {
        const result = await action(input);
        if (call === latest.current) setState({ status: 'success', error: undefined });
        return result;
      } catch (error) {
        if (call === latest.current) setState({ status: 'error', error });
        throw error;
      }
    },
    [action],
  );
  return { run, status: state.status, isPending: state.status === 'pending', error: state.error };
}
