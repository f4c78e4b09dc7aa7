import { queryOptions, useQuery } from '@tanstack/react-query';
import { recipientLookupResponseSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** A looked-up name stays valid for the visit; looking it up again would spend the rate limit. */
const RECIPIENT_STALE_MS = 10 * 60_000;

export const recipientQueryOptions = (accountNumber: string, name = '') =>
  queryOptions({
    queryKey: ['recipient', accountNumber, name],
    queryFn: ({ signal }) =>
      api(
        `/api/recipients/${encodeURIComponent(accountNumber)}${name ? `?name=${encodeURIComponent(name)}` : ''}`,
        { schema: recipientLookupResponseSchema, signal },
      ),
    staleTime: RECIPIENT_STALE_MS,
    gcTime: RECIPIENT_STALE_MS,
    // 404 (no such account) and 429 (too many look-ups) are answers, not hiccups.
    retry: false,
    refetchOnWindowFocus: false,
  });

/**
 * GET /api/recipients/:accountNumber[?name=] — confirmation of payee: whether the account is ours
 * and, with the name typed, the name check (match with the masked name "Jane D.", close match with
 * the name on the account, no match naming nobody: decisions 0155, 0199); 404 when there is no
 * such account, 429 when looked up too often. `null` = not asked yet.
 */
export function useRecipientLookup(accountNumber: string | null, name = '') {
  return useQuery({
    ...recipientQueryOptions(accountNumber ?? '', name.trim()),
    enabled: accountNumber !== null,
  });
}
