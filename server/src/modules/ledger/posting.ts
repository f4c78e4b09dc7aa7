import crypto from 'node:crypto';
import {
  CURRENCY,
  type Direction,
  type ErrorCode,
  type PayeeCheckResult,
  type RecordInternationalDetails,
} from '@larkspur/contract';
import type { Tx } from '../../db/client';
import { assert } from '../../lib/errors';
import type { Customer } from './customers';
import { Rejection } from './idempotency';
import { lockAccounts, postEntry, type EntryKind } from './journal';
import type { MovementContext } from './movements/context';
import { RECORD_STATUS_SUCCESSFUL, type RecordRow } from './records';
import type { SystemAccountCode } from './system-accounts';
import { newTransactionId, type RecordPrefix } from './transaction-ids';

/** What a money movement says about one customer's record; the rest is filled in on writing. */
export interface RecordValues {
  prefix: RecordPrefix;
  userId: string;
  direction: Direction;
  type: string;
  amountCents: bigint;
  recipientName: string;
  recipientAccount: string;
  bankName: string;
  routingNumber?: string | null;
  senderName: string;
  senderAccount: string;
  purpose: string;
  internationalDetails?: RecordInternationalDetails | null;
  /** A transfer's name check, on the sender's record (decision 0155). */
  payeeCheck?: PayeeCheckResult | null;
  createdAt?: Date;
}

/**
 * A customer-facing movement: its journal entry and, for each customer it touches, their record
 * and the email alert that tells them, posted in one call of the posting primitive (`postEntry`).
 * The records are known in full beforehand (ids are drawn here), so nothing is read back; each
 * alert states the balance after the movement, which the primitive reads as it posts, and which is
 * asserted against the locked balance ± the amount.
 */
export async function postMovement(
  ctx: Pick<MovementContext, 'clock' | 'alerts'>,
  tx: Tx,
  entry: Parameters<typeof postEntry>[1],
  legs: { values: RecordValues; customer: Customer; balanceBeforeCents: bigint }[],
): Promise<{ records: RecordRow[] }> {
  const now = ctx.clock.now();
  const rows = legs.map(({ values }): Omit<RecordRow, 'entryId'> => ({
    id: crypto.randomUUID(),
    transactionId: newTransactionId(values.prefix, now),
    userId: values.userId,
    direction: values.direction,
    type: values.type,
    amountCents: values.amountCents,
    currency: CURRENCY,
    recipientName: values.recipientName,
    recipientAccount: values.recipientAccount,
    bankName: values.bankName,
    routingNumber: values.routingNumber ?? null,
    senderName: values.senderName,
    senderAccount: values.senderAccount,
    purpose: values.purpose,
    status: RECORD_STATUS_SUCCESSFUL,
    internationalDetails: values.internationalDetails ?? null,
    payeeCheck: values.payeeCheck ?? null,
    createdAt: values.createdAt ?? now,
    recordedAt: now,
    updatedAt: now,
  }));
  const { entryId, balances } = await postEntry(tx, entry, {
    records: rows.map((row, i) => {
      const customer = legs[i]?.customer;
      assert(customer, 'a customer per record');
      const alert = { to: customer.email, name: customer.fullName, accountId: customer.accountId };
      return ctx.alerts === false ? { row } : { row, alert };
    }),
  });
  legs.forEach(({ customer, values, balanceBeforeCents }) =>
    assert(
      balances.get(customer.accountId) ===
        balanceBeforeCents + (values.direction === 'credit' ? values.amountCents : -values.amountCents),
      'the alert states the posted balance',
    ),
  );
  return { records: rows.map((row) => ({ ...row, entryId })) };
}

/**
 * Money between one customer and one system account, with one record and its alert, written in
 * one statement: the admin helpers, deposits and loan payouts.
 */
export async function moveWithSystem(
  ctx: Pick<MovementContext, 'clock' | 'alerts' | 'systemAccount'>,
  tx: Tx,
  input: {
    customer: Customer;
    systemCode: SystemAccountCode;
    direction: Direction;
    amountCents: bigint;
    kind: EntryKind;
    description: string;
    actorId: string | null;
    insufficient: ErrorCode;
    record: Omit<RecordValues, 'userId' | 'direction' | 'amountCents'>;
  },
): Promise<{
  record: RecordRow;
  balanceCents: bigint;
  beforeCents: bigint;
  heldCents: bigint;
  openedAt: Date;
}> {
  const systemId = await ctx.systemAccount(input.systemCode);
  const locked = await lockAccounts(tx, [input.customer.accountId, systemId]);
  const account = locked.get(input.customer.accountId);
  if (!account) throw new Rejection('USER_NOT_FOUND');
  const signed = input.direction === 'credit' ? input.amountCents : -input.amountCents;
  const balanceCents = account.balanceCents + signed;
  // Held money is not spendable (decision 0070): a debit must leave the held cents in place.
  if (balanceCents - account.heldCents < 0n) throw new Rejection(input.insufficient);
  const {
    records: [record],
  } = await postMovement(
    ctx,
    tx,
    {
      kind: input.kind,
      description: input.description,
      actorId: input.actorId,
      at: ctx.clock.now(),
      legs: [
        { accountId: input.customer.accountId, amountCents: signed },
        { accountId: systemId, amountCents: -signed },
      ],
    },
    [
      {
        values: {
          ...input.record,
          userId: input.customer.userId,
          direction: input.direction,
          amountCents: input.amountCents,
        },
        customer: input.customer,
        balanceBeforeCents: account.balanceCents,
      },
    ],
  );
  assert(record, 'one record');
  return {
    record,
    balanceCents,
    beforeCents: account.balanceCents,
    heldCents: account.heldCents,
    openedAt: account.createdAt,
  };
}
