import { eq, type SQL } from 'drizzle-orm';
import { RECORD_DATE_FUTURE_SKEW_MS } from '@larkspur/contract';
import type { DbOrTx } from '../../db/client';
import { accounts, identities, profiles } from '../../db/schema/index';
import { Rejection } from '../../lib/idempotency';

/** A customer as money movements need them: who, where their money is, where to tell them. */
export interface Customer {
  userId: string;
  accountId: number;
  accountNumber: string;
  fullName: string;
  email: string;
  status: 'active' | 'suspended' | 'closed';
  accountLimitCents: bigint;
  /** When the customer's account was opened: no record of theirs may be dated earlier. */
  openedAt: Date;
}

const customerColumns = {
  userId: profiles.userId,
  accountId: accounts.id,
  accountNumber: profiles.accountNumber,
  firstName: profiles.firstName,
  surname: profiles.surname,
  email: identities.email,
  status: profiles.status,
  role: profiles.role,
  accountLimitCents: profiles.accountLimitCents,
  openedAt: accounts.createdAt,
  balanceCents: accounts.balanceCents,
  heldCents: accounts.heldCents,
};

function selectCustomers(tx: DbOrTx, where: SQL | undefined) {
  return tx
    .select(customerColumns)
    .from(profiles)
    .innerJoin(accounts, eq(accounts.userId, profiles.userId))
    .innerJoin(identities, eq(identities.id, profiles.userId))
    .where(where);
}

/** Only a customer with an account number moves money; an admin's profile reads as nobody. */
function toCustomer(row: Awaited<ReturnType<typeof selectCustomers>>[number] | undefined): Customer | null {
  if (!row || row.role !== 'user' || row.accountNumber === null) return null;
  return {
    userId: row.userId,
    accountId: row.accountId,
    accountNumber: row.accountNumber,
    fullName: `${row.firstName} ${row.surname}`,
    email: row.email,
    status: row.status,
    accountLimitCents: row.accountLimitCents,
    openedAt: row.openedAt,
  };
}

export async function loadCustomer(
  tx: DbOrTx,
  where: { userId: string } | { accountNumber: string },
): Promise<Customer | null> {
  const rows = await selectCustomers(
    tx,
    'userId' in where ? eq(profiles.userId, where.userId) : eq(profiles.accountNumber, where.accountNumber),
  ).limit(1);
  return toCustomer(rows[0]);
}

/**
 * An admin's date for a record of `customer` (issue 13 point 11): not later than now plus
 * RECORD_DATE_FUTURE_SKEW_MS, not before the account was opened. Without it the years 0001 and
 * 9999 were accepted, and a history could be written for a time the account did not exist.
 */
export function checkRecordDate(at: Date, customer: Customer, now: Date): void {
  if (at.getTime() > now.getTime() + RECORD_DATE_FUTURE_SKEW_MS)
    throw new Rejection('RECORD_DATE_IN_FUTURE', 'createdAt');
  if (at.getTime() < customer.openedAt.getTime())
    throw new Rejection('RECORD_DATE_BEFORE_ACCOUNT', 'createdAt');
}
