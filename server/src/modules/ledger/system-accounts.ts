import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/index';

/**
 * The bank's own accounts, through which money enters and leaves customers' accounts, so that the
 * sum of all balances is always exactly zero. Their balances are usually negative (money the bank
 * has paid in) — only customer accounts are kept ≥ 0.
 */
export const SYSTEM_ACCOUNTS = {
  checkClearing: 'check_clearing',
  cash: 'cash',
  externalSettlement: 'external_settlement',
  internationalSettlement: 'international_settlement',
  loanDisbursement: 'loan_disbursement',
  adjustments: 'adjustments',
  /** What a returned check took back that the customer's balance did not cover (decision 0071). */
  returnedItemLosses: 'returned_item_losses',
} as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

/** Creates the system accounts that are missing (idempotent; safe on every start of every instance). */
export async function ensureSystemAccounts(db: DbOrTx): Promise<Record<SystemAccountCode, number>> {
  const codes = Object.values(SYSTEM_ACCOUNTS);
  await db
    .insert(accounts)
    .values(codes.map((code) => ({ kind: 'system' as const, code })))
    .onConflictDoNothing({ target: accounts.code });
  const rows = await db
    .select({ id: accounts.id, code: accounts.code })
    .from(accounts)
    .where(inArray(accounts.code, codes));
  const ids = Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<SystemAccountCode, number>;
  for (const code of codes) if (ids[code] === undefined) throw new Error(`system account ${code} is missing`);
  return ids;
}
