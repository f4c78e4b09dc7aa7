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
export function afterMoneyMoved(
  queryClient: QueryClient,
  moved: Pick<Profile, 'balance' | 'availableBalance'>,
): void {
  const { balance, availableBalance } = moved;
  queryClient.setQueryData<Profile>(meQueryKey, (me) => (me ? { ...me, balance, availableBalance } : me));
  refreshRecords(queryClient);
}

/**
 * For screens that list records: when the balance changes while they are open (money arriving,
 * pushed by the live profile stream), the records and charts are re-read too. So when only the
 * available balance changes: a check's hold was released or the check returned, which the records
 * show.
 */
export function useRefreshOnBalanceChange(): void {
  const queryClient = useQueryClient();
  const me = useMe().data;
  const balances = me ? `${me.balance}/${me.availableBalance}` : undefined;
  const seen = useRef(balances);
  useEffect(() => {
    if (seen.current !== undefined && balances !== undefined && balances !== seen.current)
      refreshRecords(queryClient);
    seen.current = balances;
  }, [balances, queryClient]);
}
