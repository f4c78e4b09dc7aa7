import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFxRatePageSchema, adminFxRateSchema, FX_RATES_PAGE_SIZE_MAX } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

const fxRatesKey = [...adminKeys.all, 'fx-rates'] as const;

/**
 * GET /api/admin/fx-rates: the newest posted rate of each currency, with who posted it. One page
 * holds every ISO currency (FX_RATES_PAGE_SIZE_MAX).
 */
export function useAdminFxRates() {
  return useQuery({
    queryKey: fxRatesKey,
    queryFn: ({ signal }) =>
      api(`/api/admin/fx-rates?limit=${FX_RATES_PAGE_SIZE_MAX}`, { schema: adminFxRatePageSchema, signal }),
  });
}

/** PUT /api/admin/fx-rates/:currency: posts a new rate (audited); the table and the audit log refetch. */
export function usePostFxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, usdPerUnit }: { currency: string; usdPerUnit: string }) =>
      api(`/api/admin/fx-rates/${encodeURIComponent(currency)}`, {
        method: 'PUT',
        body: { usdPerUnit },
        schema: adminFxRateSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
