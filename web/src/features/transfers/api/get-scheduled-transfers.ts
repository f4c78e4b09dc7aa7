import { useQuery } from '@tanstack/react-query';
import { SCHEDULED_SERIES_ACTIVE_MAX, scheduledTransferPageSchema } from '@larkspur/contract';
import { api } from '@/lib/api-client';

/** Every scheduled-transfer query starts with this (the dashboard's upcoming list uses it too). */
export const scheduledTransfersQueryKey = ['scheduled-transfers'] as const;

export type ScheduledFilter = 'active' | 'all';

/** GET /api/me/scheduled-transfers: one page, newest first; `active` holds every active series. */
export function getScheduledTransfers(status: ScheduledFilter, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ status, limit: String(SCHEDULED_SERIES_ACTIVE_MAX) });
  if (cursor) query.set('cursor', cursor);
  return api(`/api/me/scheduled-transfers?${query.toString()}`, {
    schema: scheduledTransferPageSchema,
    signal,
  });
}

export function useScheduledTransfers(status: ScheduledFilter) {
  return useQuery({
    queryKey: [...scheduledTransfersQueryKey, status],
    queryFn: ({ signal }) => getScheduledTransfers(status, null, signal),
  });
}
