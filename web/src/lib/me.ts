import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@larkspur/contract';
import { api } from './api-client';
import { getQueryClient } from './query-client';
import { asRecord, isString, isUuid, parser } from './wire-read';

export const meQueryKey = ['me'] as const;

const PROFILE_STRING_FIELDS = [
  'firstName',
  'surname',
  'email',
  'phone',
  'address',
  'zipCode',
  'country',
  'maritalStatus',
  'occupation',
  'ssnLast4',
  'dob',
  'accountNumber',
  'balance',
  'availableBalance',
  'currency',
  'avatar',
  'accountLimit',
  'createdAt',
  'created_at',
] as const satisfies readonly (keyof Profile)[];

// The profile is every customer screen's first request, and the overview's largest paint (the
// balance) waits for it. The contract's `profileSchema` would make that screen load and evaluate zod
// and all the identity schemas first, so the profile is checked by hand, to the same rules and with
// the same allow-list (me.test.ts holds it to the schema; a field added there fails that test until
// it is read here). See docs/decisions/0018-customer-overview-without-zod.md.
function readProfile(value: unknown): Profile | undefined {
  const v = asRecord(value);
  if (!v) return undefined;
  const { uid, status, role } = v;
  if (!isUuid(uid)) return undefined;
  if (status !== 'active' && status !== 'suspended' && status !== 'closed') return undefined;
  if (role !== 'user' && role !== 'admin') return undefined;
  const strings: Partial<Record<(typeof PROFILE_STRING_FIELDS)[number], string>> = {};
  for (const key of PROFILE_STRING_FIELDS) {
    const field = v[key];
    if (!isString(field)) return undefined;
    strings[key] = field;
  }
  return { uid, status, role, ...(strings as Record<(typeof PROFILE_STRING_FIELDS)[number], string>) };
}

/** GET /api/me and the live profile stream's events, parsed without zod (see above). */
export const profileParser = parser(readProfile);

/**
 * The signed-in customer's profile (GET /api/me): balance, account number, contact details.
 * Shared because several features show parts of it (the overview, the profile, later the money
 * screens), and because the live profile stream writes into this one cache entry.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => api('/api/me', { schema: profileParser, signal }),
  });

/**
 * For the customer area's guard (app/guards.ts), which loads this module dynamically: asks for the
 * profile into the tab's query client before the area's code has rendered.
 */
export function prefetchMe(): Promise<void> {
  return getQueryClient().prefetchQuery(meQueryOptions());
}

/**
 * `enabled: false` while nobody (or not a customer) is signed in: after logout clears the cache, a
 * still-mounted shell must not ask for a profile the server will refuse.
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
