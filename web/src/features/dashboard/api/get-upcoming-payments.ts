import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { asRecord, isMoney, isNullableString, isString, isUuid, parser, readArray } from '@/lib/wire-read';

/** Upcoming payments the overview shows. */
export const UPCOMING_PAYMENTS_SHOWN = 5;
/** The active series a customer may have (SCHEDULED_SERIES_ACTIVE_MAX): one page holds them all. */
const ACTIVE_SERIES_MAX = 20;

/** What the overview shows of a scheduled transfer: read by hand, like its other first requests (decision 0018). */
export interface UpcomingPayment {
  id: string;
  recipientName: string;
  amount: string;
  frequency: 'once' | 'weekly' | 'monthly';
  nextRunOn: string;
}

const FREQUENCIES = new Set(['once', 'weekly', 'monthly']);

function readUpcoming(value: unknown): UpcomingPayment | null | undefined {
  const row = asRecord(value);
  if (!row) return undefined;
  const { id, recipientName, amount, frequency, nextRunOn } = row;
  if (!isUuid(id) || !isString(recipientName) || !isMoney(amount) || !isNullableString(nextRunOn))
    return undefined;
  if (!isString(frequency) || !FREQUENCIES.has(frequency)) return undefined;
  if (nextRunOn === null) return null;
  return { id, recipientName, amount, frequency: frequency as UpcomingPayment['frequency'], nextRunOn };
}

export const upcomingPaymentsParser = parser((value) => {
  const page = asRecord(value);
  const items = readArray(page?.items, (item) => readUpcoming(item));
  if (!items) return undefined;
  return items
    .filter((item): item is UpcomingPayment => item !== null)
    .sort((a, b) =>
      a.nextRunOn === b.nextRunOn ? a.id.localeCompare(b.id) : a.nextRunOn < b.nextRunOn ? -1 : 1,
    )
    .slice(0, UPCOMING_PAYMENTS_SHOWN);
});

/**
 * GET /api/me/scheduled-transfers?status=active: the next payments, soonest first. Keyed under
 * the scheduled-transfers prefix (features/transfers/api/get-scheduled-transfers.ts), so creating,
 * changing or cancelling one refreshes this too.
 */
export function useUpcomingPayments() {
  return useQuery({
    queryKey: ['scheduled-transfers', 'upcoming'],
    queryFn: ({ signal }) =>
      api(`/api/me/scheduled-transfers?status=active&limit=${ACTIVE_SERIES_MAX}`, {
        schema: upcomingPaymentsParser,
        signal,
      }),
  });
}
