import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { BANK_DISPLAY_NAME, CURRENCY } from '@larkspur/contract';
import type { Tx } from '../../../db/client';
import { accounts, identities, profiles } from '../../../db/schema/index';
import { assert } from '../../../lib/errors';
import { renderReturnedCheckNotice } from '../../email/index';
import { lockAccounts, postEntry } from '../journal';
import { RECORD_STATUS_SUCCESSFUL } from '../records';
import { ensureSystemAccounts, SYSTEM_ACCOUNTS } from '../system-accounts';
import { newTransactionId, RECORD_PREFIXES } from '../transaction-ids';
import type { MovementContext } from './context';

/** The record type a returned check's debit carries. */
export const RETURNED_CHECK_TYPE = 'Returned Check';

/** The hold being returned, as its row was locked by the caller. */
export interface ReturnedHold {
  userId: string;
  accountId: number;
  checkNumber: string;
  amountCents: bigint;
  releasedCents: bigint;
  status: 'active' | 'released' | 'returned';
}

/**
 * The money of a returned check (decision 0071), in the caller's transaction, which holds the
 * hold's row locked: the deposit is reversed by a `check_return` entry that gives the whole amount
 * back to check clearing; the customer pays what their balance covers without touching their
 * other holds (available + this hold's held part, at most the amount), and the rest is the bank's
 * loss on `returned_item_losses`. The customer gets a Returned Check debit for the whole amount and
 * an email that says what was collected. The caller marks the hold returned and audits it.
 */
export async function postCheckReturn(
  ctx: Pick<MovementContext, 'brand' | 'alerts'>,
  tx: Tx,
  input: { hold: ReturnedHold; actorId: string; reason: string; at: Date },
): Promise<{
  entryId: number;
  recordId: string;
  transactionId: string;
  collectedCents: bigint;
  shortfallCents: bigint;
  balanceBeforeCents: bigint;
  balanceAfterCents: bigint;
}> {
  const { hold } = input;
  const now = input.at;
  const [customer] = await tx
    .select({
      firstName: profiles.firstName,
      surname: profiles.surname,
      accountNumber: profiles.accountNumber,
      email: identities.email,
    })
    .from(profiles)
    .innerJoin(identities, eq(identities.id, profiles.userId))
    .where(eq(profiles.userId, hold.userId))
    .limit(1);
  assert(customer, 'a hold belongs to a customer');
  const system = await ensureSystemAccounts(tx);
  const clearingId = system[SYSTEM_ACCOUNTS.checkClearing];
  const lossesId = system[SYSTEM_ACCOUNTS.returnedItemLosses];
  const locked = await lockAccounts(tx, [hold.accountId, clearingId, lossesId]);
  const account = locked.get(hold.accountId);
  assert(account, 'the hold account exists');

  const held = hold.status === 'active' ? hold.amountCents - hold.releasedCents : 0n;
  const available = account.balanceCents - account.heldCents;
  const coverable = available + held;
  const collected = coverable < hold.amountCents ? coverable : hold.amountCents;
  const shortfall = hold.amountCents - collected;
  const balanceAfter = account.balanceCents - collected;

  // The hold's held part stops counting first, so the balance may fall by it below.
  if (held > 0n)
    await tx
      .update(accounts)
      .set({ heldCents: sql`${accounts.heldCents} - ${held}` })
      .where(eq(accounts.id, hold.accountId));

  const fullName = `${customer.firstName} ${customer.surname}`;
  const accountNumber = customer.accountNumber ?? '';
  const record = {
    id: crypto.randomUUID(),
    transactionId: newTransactionId(RECORD_PREFIXES.withdrawal, now),
    userId: hold.userId,
    direction: 'debit' as const,
    type: RETURNED_CHECK_TYPE,
    amountCents: hold.amountCents,
    currency: CURRENCY,
    recipientName: BANK_DISPLAY_NAME,
    recipientAccount: '',
    bankName: BANK_DISPLAY_NAME,
    routingNumber: null,
    senderName: fullName,
    senderAccount: accountNumber,
    purpose: `Check #${hold.checkNumber} returned unpaid`,
    status: RECORD_STATUS_SUCCESSFUL,
    internationalDetails: null,
    createdAt: now,
    recordedAt: now,
    updatedAt: now,
  };
  const email = renderReturnedCheckNotice(
    {
      to: customer.email,
      name: fullName,
      checkNumber: hold.checkNumber,
      amountCents: hold.amountCents,
      collectedCents: collected,
      shortfallCents: shortfall,
      balanceCents: balanceAfter,
      reference: record.transactionId,
      date: now,
    },
    ctx.brand,
  );
  const legs = [
    { accountId: clearingId, amountCents: hold.amountCents },
    ...(collected > 0n ? [{ accountId: hold.accountId, amountCents: -collected }] : []),
    ...(shortfall > 0n ? [{ accountId: lossesId, amountCents: -shortfall }] : []),
  ];
  const posted = await postEntry(
    tx,
    {
      kind: 'check_return',
      description: `Check #${hold.checkNumber} returned from ${accountNumber}: ${input.reason}`,
      actorId: input.actorId,
      at: now,
      legs,
    },
    { records: [{ row: record }], emails: ctx.alerts === false ? [] : [{ to: customer.email, ...email }] },
  );
  if (collected > 0n)
    assert(posted.balances.get(hold.accountId) === balanceAfter, 'the notice states the posted balance');
  return {
    entryId: posted.entryId,
    recordId: record.id,
    transactionId: record.transactionId,
    collectedCents: collected,
    shortfallCents: shortfall,
    balanceBeforeCents: account.balanceCents,
    balanceAfterCents: balanceAfter,
  };
}
