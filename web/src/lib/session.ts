import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { asRecord, isNullableString, isString, isUuid, parser } from '@/lib/wire-read';

export const sessionQueryKey = ['session'] as const;

// The session is read before the first screen renders, so its parser ships in the first chunk that
// every page downloads. The contract's zod schema would bring all of zod with it (~23 KB gzipped,
// a sixth of that chunk), so the two shapes read here are checked by hand, to the same rules and
// with the same allow-list (unknown keys dropped). session.test.ts holds them to the contract's
// `sessionResponseSchema`: a field added there fails that test until it is added here.
// See docs/decisions/0011-first-chunk-budget.md.
function readSessionUser(value: unknown): SessionUser | undefined {
  const v = asRecord(value);
  if (!v) return undefined;
  const { id, role, firstName, surname, email, accountNumber, avatarUrl } = v;
  if (!isUuid(id)) return undefined;
  if (role !== 'user' && role !== 'admin') return undefined;
  if (!isString(firstName) || !isString(surname) || !isString(email) || !isString(avatarUrl))
    return undefined;
  if (!isNullableString(accountNumber)) return undefined;
  return { id, role, firstName, surname, email, accountNumber, avatarUrl };
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

/**
 * Who is signed in, according to the server (the only authority on it). Shared by the app layer
 * (guards) and every feature that shows session-dependent UI (the header's Log Out button).
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => api('/api/auth/session', { schema: sessionResponseParser, signal }),
    staleTime: 60_000,
  });

/** The session as the header and screens read it; `undefined` only before the root loader ran. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * SPEC §2 logout: end the session on the server, forget everything cached about the person, and go
 * to the home page (a full navigation, so no screen of the signed-in person survives in memory).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/logout', { method: 'POST', schema: okResponseParser }),
    onSettled: async () => {
      // Stop what is in flight, but do not clear the cache under mounted screens (they would
      // refetch as a signed-out person); the full navigation below discards everything anyway.
      await queryClient.cancelQueries();
      window.location.assign('/');
    },
  });
}
