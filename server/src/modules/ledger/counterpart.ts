import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles, transactionRecords } from '../../db/schema/index';

/** The other leg of a transfer between two customers: its record and its owner. */
export interface Counterpart {
  recordId: string;
  transactionId: string;
  userId: string;
  name: string;
  accountNumber: string;
}

/**
 * The other customer's record posted by the same journal entry as `record`, or null (a deposit,
 * a withdrawal, a transfer out of the bank, a customer's transfer to their own account). Issue 19:
 * the edit dialog names it and the correction email mentions it (decision 0154).
 */
export async function findCounterpart(
  db: DbOrTx,
  record: { id: string; entryId: number; userId: string },
): Promise<Counterpart | null> {
  const rows = await db
    .select({
      recordId: transactionRecords.id,
      transactionId: transactionRecords.transactionId,
      userId: transactionRecords.userId,
      firstName: profiles.firstName,
      surname: profiles.surname,
      accountNumber: profiles.accountNumber,
    })
    .from(transactionRecords)
    .innerJoin(profiles, eq(profiles.userId, transactionRecords.userId))
    .where(
      and(
        eq(transactionRecords.entryId, record.entryId),
        ne(transactionRecords.id, record.id),
        ne(transactionRecords.userId, record.userId),
      ),
    )
    .orderBy(transactionRecords.id)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    recordId: row.recordId,
    transactionId: row.transactionId,
    userId: row.userId,
    name: `${row.firstName} ${row.surname}`,
    accountNumber: row.accountNumber ?? '',
  };
}
