import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SessionResponse, SessionUser } from '@larkspur/contract';
import { api, messageFor } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAsyncAction } from '@/lib/use-async-action';
import { asRecord, isNullableString, isString, isUuid, parser } from '@/lib/wire-read';
import { noteLoggedOut } from './sign-out-notice';

// The session is read before the first screen renders, so its parser ships in the first chunk that
// every page downloads. The contract's zod schema would bring all of zod with it (~23 KB gzipped,
// a sixth of that chunk), so the two shapes read here are checked by hand, to the same rules and
// with the same allow-list (unknown keys dropped). session.test.ts holds them to the contract's
// `sessionResponseSchema`: a field added there fails that test until it is added here.
// See docs/decisions/0011-first-chunk-budget.md.
// Mirrors of the contract's STAFF_ROLES and STAFF_CAPABILITIES (contract/src/staff.ts), held to
// them by session.test.ts.
const STAFF_ROLE_NAMES: readonly string[] = ['operator', 'approver', 'administrator'];
const STAFF_CAPABILITY_NAMES: readonly string[] = [
  'backoffice.read',
  'customers.serve',
  'customers.approve',
  'money.request',
  'money.approve',
  'loans.approve',
  'holds.review',
  'staff.manage',
  'settings.manage',
];
type SessionStaffRole = SessionUser['staffRole'];
type SessionCapability = SessionUser['capabilities'][number];
const isStaffRole = (v: unknown): v is NonNullable<SessionStaffRole> =>
  typeof v === 'string' && STAFF_ROLE_NAMES.includes(v);
const isCapability = (v: unknown): v is SessionCapability =>
  typeof v === 'string' && STAFF_CAPABILITY_NAMES.includes(v);

function readSessionUser(value: unknown): SessionUser | undefined {
  const v = asRecord(value);
  if (!v) return undefined;
  const { id, role, firstName, surname, email, accountNumber, avatarUrl, staffRole, capabilities } = v;
  if (!isUuid(id)) return undefined;
  if (role !== 'user' && role !== 'admin') return undefined;
  if (!isString(firstName) || !isString(surname) || !isString(email) || !isString(avatarUrl))
    return undefined;
  if (!isNullableString(accountNumber)) return undefined;
  if (staffRole !== null && !isStaffRole(staffRole)) return undefined;
  if (!Array.isArray(capabilities) || !capabilities.every(isCapability)) return undefined;
  return {
    id,
    role,
    firstName,
    surname,
    email,
    accountNumber,
    avatarUrl,
    staffRole,
    capabilities: [...capabilities],
  };
}

function readSessionResponse(value: unknown): SessionResponse | undefined {
  const v = asRecord(value);
  if (!v) return undefined;
  const { user, idleExpiresAt } = v;
  if (!isNullableString(idleExpiresAt)) return undefined;
  if (user === null) return { user: null, idleExpiresAt };
  const sessionUser = readSessionUser(user);
  return sessionUser ? { user: sessionUser, idleExpiresAt } : undefined;
}

/** GET /api/auth/session, parsed without zod (see above). */
export const sessionResponseParser = parser(readSessionResponse);
const okResponseParser = parser((value) =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === true
    ? { ok: true as const }
    : undefined,
);

// Who is signed in, according to the server (the only authority on it): a small store of its own,
// not a TanStack query, so that public pages (the site, the sign-in and sign-up forms) need no
// query client at all; only the signed-in areas load TanStack Query
// (docs/decisions/0019-public-pages-without-query-client.md).

/** How long an answer counts as current; an older one is still used, and refreshed behind it. */
export const SESSION_STALE_MS = 60_000;

/** What `useSession()` returns: `data` is `undefined` only before the session was first known. */
export interface SessionSnapshot {
  readonly data: SessionResponse | undefined;
}

let snapshot: SessionSnapshot = { data: undefined };
let updatedAt = 0;
let inFlight: Promise<SessionResponse> | null = null;
/** Bumped by every `setSession`: an answer to a request sent before it must not overwrite it. */
let generation = 0;
const listeners = new Set<() => void>();

function record(data: SessionResponse): void {
  snapshot = { data };
  updatedAt = Date.now();
  for (const listener of listeners) listener();
}

function fetchSession(): Promise<SessionResponse> {
  if (inFlight) return inFlight;
  const sentAt = generation;
  const request = api('/api/auth/session', { schema: sessionResponseParser })
    .then((session) => {
      if (sentAt !== generation && snapshot.data) return snapshot.data;
      record(session);
      return session;
    })
    .finally(() => {
      if (inFlight === request) inFlight = null;
    });
  inFlight = request;
  return request;
}

/**
 * The session, for the guards and start-up. Asks the server only when nothing is known yet (one
 * request at a time: callers share the one in flight); an answer older than `SESSION_STALE_MS` is
 * returned at once and refreshed in the background, for the screens that show it.
 */
export function loadSession(): Promise<SessionResponse> {
  const known = snapshot.data;
  if (!known) return fetchSession();
  if (Date.now() - updatedAt >= SESSION_STALE_MS) fetchSession().catch(() => undefined);
  return Promise.resolve(known);
}

/** The session as last known, without asking the server. */
export function getSession(): SessionResponse | undefined {
  return snapshot.data;
}

/** Asks the server again now (e.g. after a 401 suggests the session ended). */
export function refreshSession(): Promise<SessionResponse> {
  if (!inFlight) return fetchSession();
  // A request sent earlier may predate what made the caller ask: wait for it, then ask again.
  return inFlight.catch(() => undefined).then(() => fetchSession());
}

/** Records a session the server just answered with (sign-in, extending it, timing out). */
export function setSession(session: SessionResponse): void {
  generation += 1;
  record(session);
}

/** What the signed-in areas' caches (the query client) hear about the person changing. */
export type SessionEvent = 'signed-in' | 'signing-out';
const eventListeners = new Set<(event: SessionEvent) => void | Promise<void>>();

/**
 * Registers a listener for sign-in and sign-out; returns its removal. The query client registers
 * itself when it is created (lib/query-client.ts), so this module needs no TanStack import.
 */
export function onSessionEvent(listener: (event: SessionEvent) => void | Promise<void>): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

async function emitSessionEvent(event: SessionEvent): Promise<void> {
  await Promise.all([...eventListeners].map(async (listener) => listener(event)));
}

/**
 * A person just signed in (or opened their account): nothing cached before belongs to them, and the
 * guards must see them at once.
 */
export function signedIn(session: SessionResponse): void {
  setSession(session);
  void emitSessionEvent('signed-in');
}

/** For tests: forgets the session and the session-event listeners. */
export function resetSessionStore(): void {
  snapshot = { data: undefined };
  updatedAt = 0;
  inFlight = null;
  generation += 1;
  eventListeners.clear();
}

// Like a query refetched on window focus: coming back to the tab refreshes an old answer.
function onVisible(): void {
  if (document.visibilityState === 'visible') loadSession().catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisible);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
  };
}

const getSnapshot = () => snapshot;

/** The session as the header and screens read it; `data` is `undefined` only before it was known. */
export function useSession(): SessionSnapshot {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  // A screen that appears refreshes an old answer behind it (the root loader asked for the first).
  useEffect(() => {
    if (snapshot.data) loadSession().catch(() => undefined);
  }, []);
  return current;
}

/** POST /api/auth/logout, then tell the caches and go home; a failure is shown, then the same. */
async function logOut(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST', schema: okResponseParser });
  } catch (error) {
    toast.error(messageFor(error));
  }
  // Stop what is in flight, but do not clear caches under mounted screens (they would refetch as a
  // signed-out person); the full navigation below discards everything anyway.
  await emitSessionEvent('signing-out').catch(() => undefined);
  noteLoggedOut();
  window.location.assign('/');
}

/**
 * product §2 logout: end the session on the server, forget everything cached about the person, and go
 * to the home page (a full navigation, so no screen of the signed-in person survives in memory).
 * `isPending` stays true until the navigation has been asked for, as with the mutation it replaces.
 */
export function useLogout() {
  const action = useAsyncAction(logOut);
  const { run } = action;
  return { ...action, run: useCallback(() => void run(), [run]) };
}
