import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { INSIGHT_PERIOD_DAYS } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { insightsQueryKey } from '@/lib/money-queries';
import { insightsParser } from './overview-parsers';

export type InsightPeriod = (typeof INSIGHT_PERIOD_DAYS)[number];

export const insightsQueryOptions = (days: InsightPeriod) =>
  queryOptions({
    queryKey: [...insightsQueryKey, days],
    queryFn: ({ signal }) => api(`/api/me/insights?days=${days}`, { schema: insightsParser, signal }),
  });

/**
 * GET /api/me/insights?days=30|90: the balance per day, money in and out by type, and this
 * month's totals. Switching the period keeps the old chart on screen until the new one arrives.
 */
export function useInsights(days: InsightPeriod) {
  return useQuery({ ...insightsQueryOptions(days), placeholderData: keepPreviousData });
}
