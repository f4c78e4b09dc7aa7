import { queryOptions, useQuery } from '@tanstack/react-query';
import { recipientLookupResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** A looked-up name stays valid for the visit; looking it up again would spend the rate limit. */
const RECIPIENT_STALE_MS = 10 * 60_000;

export const recipientQueryOptions = (accountNumber: string) =>
  queryOptions({
    queryKey: ['recipient', accountNumber],
    queryFn: ({ signal }) =>
      api(`/api/recipients/${encodeURIComponent(accountNumber)}`, {
        schema: recipientLookupResponseSchema,
        signal,
      }),
    staleTime: RECIPIENT_STALE_MS,
    gcTime: RECIPIENT_STALE_MS,
    // 404 (no such account) and 429 (too many look-ups) are answers, not hiccups.
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * GET /api/recipients/:accountNumber — confirmation of payee: the masked name ("Jane D.") behind
 * an account number, 404 when there is none, 429 when looked up too often. `null` = not asked yet.
 */
export function useRecipientLookup(accountNumber: string | null) {
  return useQuery({ ...recipientQueryOptions(accountNumber ?? ''), enabled: accountNumber !== null });
}
