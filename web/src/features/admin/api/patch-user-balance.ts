import type { QueryClient } from '@tanstack/react-query';
import {
  movementResponseSchema,
  moneyRequestAcceptedSchema,
  type AdminUserDetail,
  type MoneyRequest,
  type MovementResponse,
} from '@larkspur/contract';
import { z } from 'zod';
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

/**
 * What a manual movement answers: the movement (201), or, at or above the maker-checker
 * threshold, the request now waiting for another staff member's approval (202, decision 0170).
 */
export const manualMovementSchema = z.union([movementResponseSchema, moneyRequestAcceptedSchema]);
export type ManualMovementResult = z.infer<typeof manualMovementSchema>;

/** The request, when the movement was sent for approval instead of made. */
export function requestOf(result: ManualMovementResult): MoneyRequest | null {
  return 'request' in result ? result.request : null;
}

/** After a manual movement or a request for one: patch the balance if it moved, then refetch. */
export async function afterManualMovement(
  queryClient: QueryClient,
  result: ManualMovementResult,
): Promise<void> {
  if ('request' in result) await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  else await afterMovement(queryClient, result);
}
