import { useCallback, useRef } from 'react';

/** The header the money-moving endpoints read (DESIGN §5). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one attempt at one money movement. It is made when the review opens and sent
 * with every Confirm of that review, so a retry after a timeout or a dropped connection is
 * recognised by the server as the same request and pays once (TigerBeetle's "reliable transaction
 * submission": the client owns the key). Editing the details starts a new attempt with a new key.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/**
 * Runs one async action at a time. A disabled button is not enough on its own: a fast double
 * click can deliver the second click before React has re-rendered the button as disabled, and a
 * mutation's pending state reaches the screen a tick later still. The ref is set synchronously.
 */
export function useSingleFlight(): (run: () => Promise<unknown>) => void {
  const busy = useRef(false);
  return useCallback((run: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    void run()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
