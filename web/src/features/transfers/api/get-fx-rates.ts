import { queryOptions, useQuery } from '@tanstack/react-query';
import { FX_RATES_PAGE_SIZE_MAX, fxRatePageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import type { FxRates } from '../components/international-quote';

/** Rates are posted a few times a day at most; a minute old is fresh enough to show, the server re-checks. */
const FX_RATES_STALE_MS = 60_000;

/**
 * GET /api/fx-rates: the bank's posted rates, newest per currency. One page holds every ISO
 * currency (FX_RATES_PAGE_SIZE_MAX), so the form asks once.
 */
export const fxRatesQueryOptions = () =>
  queryOptions({
    queryKey: ['fx-rates'],
    queryFn: async ({ signal }): Promise<FxRates> => {
      const page = await api(`/api/fx-rates?limit=${FX_RATES_PAGE_SIZE_MAX}`, {
        schema: fxRatePageSchema,
        signal,
      });
      return new Map(page.items.map((rate) => [rate.currency, rate]));
    },
    staleTime: FX_RATES_STALE_MS,
  });

/** The posted rates, for an international transfer only (`enabled`). */
export function useFxRates(enabled: boolean) {
  return useQuery({ ...fxRatesQueryOptions(), enabled });
}
