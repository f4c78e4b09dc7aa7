import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOverviewSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-query-keys';

/** How often the overview refreshes itself while open: staff leave it on a second screen. */
const OVERVIEW_REFRESH_MS = 60_000;

/** GET /api/admin/overview: KPIs, volumes and the newest admin actions. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api('/api/admin/overview', { schema: adminOverviewSchema, signal }),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
