import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema } from '@larkspur/contract';
import { api } from './api-client';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in customer's profile (GET /api/me): balance, account number, contact details.
 * Shared because several features show parts of it (the overview, the profile, later the money
 * screens), and because the live profile stream writes into this one cache entry.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => api('/api/me', { schema: profileSchema, signal }),
  });

/**
 * `enabled: false` while nobody (or not a customer) is signed in: after logout clears the cache, a
 * still-mounted shell must not ask for a profile the server will refuse.
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
