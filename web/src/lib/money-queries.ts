import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Profile } from '@larkspur/contract';
import { meQueryKey, useMe } from './me';

/**
 * Cache keys every money screen agrees on. Features never import each other, so the transfer
 * screen cannot reach into the transactions feature to refresh its list; instead each feature keys
 * its queries under these prefixes and a money movement invalidates the prefix.
 */
export const transactionsQueryKey = ['transactions'] as const;
export const insightsQueryKey = ['insights'] as const;

function refreshRecords(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
  void queryClient.invalidateQueries({ queryKey: insightsQueryKey });
}

/**
 * After this customer moved money: the balance the server answered goes into the profile at once
 * (every screen shows it without waiting for the live stream), and records and charts are re-read.
 */
export function afterMoneyMoved(queryClient: QueryClient, balance: string): void {
  queryClient.setQueryData<Profile>(meQueryKey, (me) => (me ? { ...me, balance } : me));
  refreshRecords(queryClient);
}

/**
 * For screens that list records: when the balance changes while they are open (money arriving,
 * pushed by the live profile stream), the records and charts are re-read too.
 */
export function useRefreshOnBalanceChange(): void {
  const queryClient = useQueryClient();
  const balance = useMe().data?.balance;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== undefined && balance !== undefined && balance !== seen.current)
      refreshRecords(queryClient);
    seen.current = balance;
  }, [balance, queryClient]);
}
