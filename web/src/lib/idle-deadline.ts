import { useSyncExternalStore } from 'react';

/**
 * When the server will end the session for inactivity, on this browser's clock.
 *
 * The server reports the deadline on every authenticated response (header
 * `x-session-idle-expires-at`, noted by api-client.ts) and in the session body. It is the
 * server's clock, so each deadline is moved onto ours with the offset between the two, measured
 * from the HTTP `Date` header: a laptop clock that is a few minutes off must neither sign the
 * person out early nor warn them too late.
 *
 * The deadline only ever moves forward while a session lasts (activity extends it; nothing
 * shortens it), so the store keeps the latest of everything it hears: an older answer arriving
 * late cannot pull it back.
 */

/**
 * The contract's `SESSION_IDLE_HEADER`, repeated here because this module ships in the first chunk,
 * which stays free of zod (docs/decisions/0011); idle-deadline.test.ts holds the two equal.
 */
export const SESSION_IDLE_HEADER = 'x-session-idle-expires-at';

let deadlineMs: number | null = null;
/** Server clock minus local clock, from the last response that had a `Date` header. */
let serverOffsetMs = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Records the server's clock from a response's `Date` header (second resolution is plenty). */
export function noteServerDate(dateHeader: string | null, receivedAtMs: number = Date.now()): void {
  if (!dateHeader) return;
  const serverMs = Date.parse(dateHeader);
  if (Number.isFinite(serverMs)) serverOffsetMs = serverMs - receivedAtMs;
}

/** Records an idle deadline the server reported (ISO 8601, server clock). */
export function noteIdleDeadline(serverIso: string | null | undefined): void {
  if (!serverIso) return;
  const serverMs = Date.parse(serverIso);
  if (!Number.isFinite(serverMs)) return;
  const localMs = serverMs - serverOffsetMs;
  if (deadlineMs !== null && localMs <= deadlineMs) return;
  deadlineMs = localMs;
  emit();
}

/** Forgets the deadline: the session is over (signed out, timed out). */
export function clearIdleDeadline(): void {
  if (deadlineMs === null) return;
  deadlineMs = null;
  emit();
}

export function getIdleDeadline(): number | null {
  return deadlineMs;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The idle deadline in local epoch milliseconds, or null when none is known. */
export function useIdleDeadline(): number | null {
  return useSyncExternalStore(subscribe, getIdleDeadline, getIdleDeadline);
}

/** For tests: back to the state of a fresh page. */
export function resetIdleDeadlineStore(): void {
  deadlineMs = null;
  serverOffsetMs = 0;
  emit();
}
