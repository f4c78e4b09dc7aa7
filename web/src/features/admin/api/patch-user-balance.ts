import type { QueryClient } from '@tanstack/react-query';
import type { AdminUserDetail, MovementResponse } from '@larkspur/contract';
import { adminKeys } from './admin-query-keys';

/**
 * After a movement: the balance the server answered with goes straight into the customer's cached
 * file (no flash of the old figure), then every admin list and file is refetched.
 */
export async function afterMovement(queryClient: QueryClient, movement: MovementResponse): Promise<void> {
  queryClient.setQueryData<AdminUserDetail>(adminKeys.user(movement.transaction.userId), (file) =>
    file ? { ...file, profile: { ...file.profile, balance: movement.balance } } : file,
  );
  await queryClient.invalidateQueries({ queryKey: adminKeys.all });
}
