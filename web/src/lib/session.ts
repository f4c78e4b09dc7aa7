import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '@larkspur/contract';
import { api, type ResponseSchema } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

// The session is read before the first screen renders, so its parser ships in the first chunk that
// every page downloads. The contract's zod schema would bring all of zod with it (~23 KB gzipped,
// a sixth of that chunk), so the two shapes read here are checked by hand, to the same rules and
// with the same allow-list (unknown keys dropped). session.test.ts holds them to the contract's
// `sessionResponseSchema`: a field added there fails that test until it is added here.
// See docs/decisions/0011-first-chunk-budget.md.
// zod's `z.uuid()`: RFC 9562 versions 1–8, plus the nil and max UUIDs.
const UUID_PATTERN =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);

function readSessionUser(value: unknown): SessionUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const { id, role, firstName, surname, email, accountNumber, avatarUrl } = v;
  if (!isString(id) || !UUID_PATTERN.test(id)) return undefined;
  if (role !== 'user' && role !== 'admin') return undefined;
  if (!isString(firstName) || !isString(surname) || !isString(email) || !isString(avatarUrl))
    return undefined;
  if (!isNullableString(accountNumber)) return undefined;
  return { id, role, firstName, surname, email, accountNumber, avatarUrl };
}

function readSessionResponse(value: unknown): SessionResponse | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { user, idleExpiresAt } = value as Record<string, unknown>;
  if (!isNullableString(idleExpiresAt)) return undefined;
  if (user === null) return { user: null, idleExpiresAt };
  const sessionUser = readSessionUser(user);
  return sessionUser ? { user: sessionUser, idleExpiresAt } : undefined;
}

const parser = <T>(read: (value: unknown) => T | undefined): ResponseSchema<T> => ({
  safeParse: (value) => {
    const data = read(value);
    return data === undefined ? { success: false } : { success: true, data };
  },
});

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
