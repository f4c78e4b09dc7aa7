import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AMOUNT_MAX_CENTS,
  CHECK_IMAGE_BYTES_MAX,
  formatCents,
  parseAmountToCents,
  transferTypes,
  type Direction,
  type ErrorCode,
  type InternationalDetails,
  type MovementResponse,
  type TransferType,
} from '@larkspur/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  checkImages,
  identities,
  profiles,
  transactionRecordHistory,
  transactionRecords,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import type { AuditLog } from '../audit/audit-log';
import { renderMoneyAlert, type EmailBrand, type Outbox } from '../email/index';
import type { UserService } from '../users/user-service';
import { Rejection, runIdempotent, type StoredAnswer } from './idempotency';
import { lockAccounts, postEntry, type EntryKind } from './journal';
import { toRecordDto, type RecordRow } from './records';
import { ensureSystemAccounts, SYSTEM_ACCOUNTS, type SystemAccountCode } from './system-accounts';
import { newTransactionId, RECORD_PREFIXES, type RecordPrefix } from './transaction-ids';

export const BANK_DISPLAY_NAME = 'Larkspur Bank';

/** A customer as money movements need them: who, where their money is, where to tell them. */
interface Customer {
  userId: string;
  accountId: number;
  accountNumber: string;
  fullName: string;
  email: string;
  status: 'active' | 'suspended' | 'closed';
  accountLimitCents: bigint;
}

export interface TransferInput {
  type: TransferType;
  recipientAccount: string;
  recipientName: string;
  bankName: string;
  routingNumber?: string | null;
  amount: string;
  purpose: string;
  internationalDetails?: InternationalDetails;
}

/** What a money movement says about one customer's record; the rest is filled in on writing. */
interface RecordValues {
  prefix: RecordPrefix;
  userId: string;
  entryId: number;
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
  internationalDetails?: InternationalDetails | null;
  createdAt?: Date;
}

export interface CheckImageInput {
  contentType: 'image/jpeg' | 'image/png';
  dataBase64: string;
}

export interface Actor {
  userId: string;
  ip: string | null;
}

/** Parses a customer- or admin-typed amount: > 0 and within the single-amount maximum, or null. */
function positiveAmount(input: string): bigint | null {
  const cents = parseAmountToCents(input);
  return cents === null || cents <= 0n || cents > AMOUNT_MAX_CENTS ? null : cents;
}

/** True when the bytes are what the content type claims (magic numbers), within the size limit. */
export function isValidCheckImage(image: CheckImageInput): Buffer | null {
  const bytes = Buffer.from(image.dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > CHECK_IMAGE_BYTES_MAX) return null;
  // Re-encoding must give back the input: rejects anything that was not clean base64.
  if (bytes.toString('base64').replace(/=+$/, '') !== image.dataBase64.replace(/=+$/, '')) return null;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (image.contentType === 'image/jpeg' ? !jpeg : !png) return null;
  return bytes;
}

export function createBankingService(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  outbox: Outbox;
  brand: EmailBrand;
  audit: AuditLog;
}) {
  const { db, clock, users, outbox, brand, audit } = deps;
  let systemAccountIds: Record<SystemAccountCode, number> | null = null;

  async function systemAccount(code: SystemAccountCode): Promise<number> {
    systemAccountIds ??= await ensureSystemAccounts(db);
    return systemAccountIds[code];
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
    };
  }

  async function loadCustomer(
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
   * A transfer's two parties in one query: the sender by user id, the recipient by account number
   * (the same row when someone names their own account). Each is what `loadCustomer` would give.
   */
  async function loadParties(
    tx: DbOrTx,
    senderId: string,
    recipientAccount: string,
  ): Promise<{ sender: Customer | null; recipient: Customer | null }> {
    const rows = await selectCustomers(
      tx,
      or(eq(profiles.userId, senderId), eq(profiles.accountNumber, recipientAccount)),
    );
    return {
      sender: toCustomer(rows.find((row) => row.userId === senderId)),
      recipient: toCustomer(rows.find((row) => row.accountNumber === recipientAccount)),
    };
  }

  /** Writes records in one statement; they come back in the order given. */
  async function writeRecords(tx: Tx, records: RecordValues[]): Promise<RecordRow[]> {
    const now = clock.now();
    const values = records.map((record) => ({
      transactionId: newTransactionId(record.prefix, now),
      userId: record.userId,
      entryId: record.entryId,
      direction: record.direction,
      type: record.type,
      amountCents: record.amountCents,
      recipientName: record.recipientName,
      recipientAccount: record.recipientAccount,
      bankName: record.bankName,
      routingNumber: record.routingNumber ?? null,
      senderName: record.senderName,
      senderAccount: record.senderAccount,
      purpose: record.purpose,
      status: 'Successful',
      internationalDetails: record.internationalDetails ?? null,
      createdAt: record.createdAt ?? now,
      recordedAt: now,
      updatedAt: now,
    }));
    const rows = await tx.insert(transactionRecords).values(values).returning();
    // RETURNING's row order is not promised; the transaction id is unique and ours.
    const byTransactionId = new Map(rows.map((row) => [row.transactionId, row]));
    return values.map((value) => {
      const row = byTransactionId.get(value.transactionId);
      assert(row, 'record insert returned the row');
      return row;
    });
  }

  /**
   * The email alerts (outbox, same transaction) and the live-profile nudges for the customers a
   * movement touched: one statement for all the emails, one for all the nudges.
   */
  async function tell(
    tx: Tx,
    alerts: { customer: Customer; record: RecordRow; balanceCents: bigint; counterparty: string }[],
  ): Promise<void> {
    const emails = alerts.map(({ customer, record, balanceCents, counterparty }) => ({
      to: customer.email,
      ...renderMoneyAlert(
        {
          to: customer.email,
          name: customer.fullName,
          direction: record.direction,
          transactionType: record.type,
          amountCents: record.amountCents,
          currencySymbol:
            (record.internationalDetails as InternationalDetails | null)?.currencySymbol ?? null,
          date: record.createdAt,
          reference: record.transactionId,
          counterparty,
          balanceCents,
        },
        brand,
      ),
    }));
    await outbox.enqueueEmails(tx, emails);
    await users.notifyProfilesChanged(
      tx,
      alerts.map((alert) => alert.customer.userId),
    );
  }

  function answer(status: number, record: RecordRow, balanceCents: bigint): StoredAnswer {
    const body: MovementResponse = { transaction: toRecordDto(record), balance: formatCents(balanceCents) };
    return { statusCode: status, body };
  }

  /** Money between one customer and one system account, with one record: the admin helpers and deposits. */
  async function moveWithSystem(
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
      record: Omit<RecordValues, 'userId' | 'entryId' | 'direction' | 'amountCents'>;
    },
  ): Promise<{ record: RecordRow; balanceCents: bigint; beforeCents: bigint }> {
    const systemId = await systemAccount(input.systemCode);
    const locked = await lockAccounts(tx, [input.customer.accountId, systemId]);
    const account = locked.get(input.customer.accountId);
    if (!account) throw new Rejection('USER_NOT_FOUND');
    const signed = input.direction === 'credit' ? input.amountCents : -input.amountCents;
    if (account.balanceCents + signed < 0n) throw new Rejection(input.insufficient);
    const { entryId, balances } = await postEntry(tx, {
      kind: input.kind,
      description: input.description,
      actorId: input.actorId,
      at: clock.now(),
      legs: [
        { accountId: input.customer.accountId, amountCents: signed },
        { accountId: systemId, amountCents: -signed },
      ],
    });
    const [record] = await writeRecords(tx, [
      {
        ...input.record,
        userId: input.customer.userId,
        entryId,
        direction: input.direction,
        amountCents: input.amountCents,
      },
    ]);
    assert(record, 'the record was written');
    const balanceCents = balances.get(input.customer.accountId);
    assert(balanceCents !== undefined, 'customer leg was posted');
    const counterparty = input.direction === 'credit' ? record.senderName : record.recipientName;
    await tell(tx, [{ customer: input.customer, record, balanceCents, counterparty }]);
    return { record, balanceCents, beforeCents: account.balanceCents };
  }

  return {
    ensureSystemAccounts: async () => {
      systemAccountIds = await ensureSystemAccounts(db);
    },

    /**
     * SPEC §7 transfer. Checks in the spec's order, each with its message: amount, recipient
     * exists (unless international), not oneself, funds, then — under lock — the recipient still
     * exists. One journal entry, the sender's record and the recipient's Deposit record, alerts.
     */
    async transfer(
      senderId: string,
      input: TransferInput,
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      return runIdempotent(
        { db, clock },
        { scope: `${senderId}:transfer`, key: idempotencyKey, request: input },
        async (tx) => {
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null) throw new Rejection('INVALID_TRANSFER_AMOUNT', 'amount');
          const recipientAccount = input.recipientAccount.trim();
          const { sender, recipient } = await loadParties(tx, senderId, recipientAccount);
          if (!sender) throw new Rejection('USER_NOT_FOUND');
          if (sender.status !== 'active')
            throw new Rejection(sender.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
          const recipientUsable = recipient !== null && recipient.status !== 'closed';
          const international = input.type === 'International Transfer';
          if (!recipientUsable && !international)
            throw new Rejection('RECIPIENT_NOT_FOUND', 'recipientAccount');
          if (recipientAccount === sender.accountNumber)
            throw new Rejection('SELF_TRANSFER', 'recipientAccount');

          const creditAccountId = recipientUsable
            ? recipient.accountId
            : await systemAccount(SYSTEM_ACCOUNTS.internationalSettlement);
          const locked = await lockAccounts(tx, [sender.accountId, creditAccountId]);
          const senderAccount = locked.get(sender.accountId);
          assert(senderAccount, 'the sender account exists while its profile does');
          if (senderAccount.balanceCents < amountCents) throw new Rejection('INSUFFICIENT_FUNDS', 'amount');
          if (!locked.has(creditAccountId)) throw new Rejection('RECIPIENT_GONE', 'recipientAccount');

          // The account limit caps what a customer may send in one calendar day (UTC).
          const now = clock.now();
          const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
          const [sent] = await tx
            .select({ total: sql<string>`coalesce(sum(${transactionRecords.amountCents}), 0)::text` })
            .from(transactionRecords)
            .where(
              and(
                eq(transactionRecords.userId, sender.userId),
                eq(transactionRecords.direction, 'debit'),
                inArray(transactionRecords.type, [...transferTypes]),
                gte(transactionRecords.recordedAt, dayStart),
              ),
            );
          if (BigInt(sent?.total ?? '0') + amountCents > sender.accountLimitCents) {
            throw new Rejection('TRANSFER_LIMIT_EXCEEDED', 'amount');
          }

          const { entryId, balances } = await postEntry(tx, {
            kind: 'transfer',
            description: `${input.type} ${sender.accountNumber} → ${recipientAccount}`,
            actorId: sender.userId,
            at: now,
            legs: [
              { accountId: sender.accountId, amountCents: -amountCents },
              { accountId: creditAccountId, amountCents },
            ],
          });
          const common = {
            amountCents,
            recipientName: input.recipientName,
            recipientAccount,
            bankName: input.bankName || BANK_DISPLAY_NAME,
            routingNumber: input.routingNumber ?? null,
            senderName: sender.fullName,
            senderAccount: sender.accountNumber,
            purpose: input.purpose,
            internationalDetails: input.internationalDetails ?? null,
            entryId,
          };
          const debitValues: RecordValues = {
            ...common,
            prefix: RECORD_PREFIXES.transfer,
            userId: sender.userId,
            direction: 'debit',
            type: input.type,
          };
          const [debit, credit] = await writeRecords(
            tx,
            recipientUsable
              ? [
                  debitValues,
                  {
                    ...common,
                    recipientName: recipient.fullName,
                    prefix: RECORD_PREFIXES.deposit,
                    userId: recipient.userId,
                    direction: 'credit',
                    type: 'Deposit',
                  },
                ]
              : [debitValues],
          );
          assert(debit, 'the sender record was written');
          const senderBalance = balances.get(sender.accountId);
          assert(senderBalance !== undefined, 'sender leg was posted');
          const alerts = [
            {
              customer: sender,
              record: debit,
              balanceCents: senderBalance,
              counterparty: input.recipientName,
            },
          ];
          if (recipientUsable) {
            assert(credit, 'the recipient record was written');
            const recipientBalance = balances.get(recipient.accountId);
            assert(recipientBalance !== undefined, 'recipient leg was posted');
            alerts.push({
              customer: recipient,
              record: credit,
              balanceCents: recipientBalance,
              counterparty: sender.fullName,
            });
          }
          await tell(tx, alerts);
          return answer(201, debit, senderBalance);
        },
      );
    },

    /** SPEC §7 check deposit: credit the balance, write a Check Deposit record, alert. */
    async depositCheck(
      userId: string,
      input: {
        amount: string;
        checkNumber: string;
        frontImage?: CheckImageInput;
        backImage?: CheckImageInput;
      },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      return runIdempotent(
        { db, clock },
        { scope: `${userId}:check_deposit`, key: idempotencyKey, request: input },
        async (tx) => {
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null) throw new Rejection('INVALID_DEPOSIT_AMOUNT', 'amount');
          const images: { side: 'front' | 'back'; contentType: string; bytes: Buffer }[] = [];
          for (const [side, image] of [
            ['front', input.frontImage],
            ['back', input.backImage],
          ] as const) {
            if (!image) continue;
            const bytes = isValidCheckImage(image);
            if (!bytes) throw new Rejection('INVALID_CHECK_IMAGE', `${side}Image`);
            images.push({ side, contentType: image.contentType, bytes });
          }
          const customer = await loadCustomer(tx, { userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND');
          if (customer.status !== 'active')
            throw new Rejection(customer.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
          const { record, balanceCents } = await moveWithSystem(tx, {
            customer,
            systemCode: SYSTEM_ACCOUNTS.checkClearing,
            direction: 'credit',
            amountCents,
            kind: 'check_deposit',
            description: `Check #${input.checkNumber} deposited to ${customer.accountNumber}`,
            actorId: userId,
            insufficient: 'INVALID_DEPOSIT_AMOUNT',
            record: {
              prefix: RECORD_PREFIXES.checkDeposit,
              type: 'Check Deposit',
              recipientName: customer.fullName,
              recipientAccount: customer.accountNumber,
              bankName: BANK_DISPLAY_NAME,
              senderName: `Check #${input.checkNumber}`,
              senderAccount: '',
              purpose: `Check deposit #${input.checkNumber}`,
            },
          });
          if (images.length > 0) {
            const now = clock.now();
            await tx.insert(checkImages).values(
              images.map((image) => ({
                recordId: record.id,
                side: image.side,
                contentType: image.contentType,
                bytes: image.bytes,
                createdAt: now,
              })),
            );
          }
          return answer(201, record, balanceCents);
        },
      );
    },

    /** Admin deposit helper: "Invalid deposit amount.", "User not found.", a Deposit record. */
    async adminCredit(
      actor: Actor,
      userId: string,
      input: { amount: string; reason: string },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      return runIdempotent(
        { db, clock },
        { scope: `${actor.userId}:admin_credit:${userId}`, key: idempotencyKey, request: input },
        async (tx) => {
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null) throw new Rejection('INVALID_DEPOSIT_AMOUNT', 'amount');
          const customer = await loadCustomer(tx, { userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND');
          const moved = await moveWithSystem(tx, {
            customer,
            systemCode: SYSTEM_ACCOUNTS.cash,
            direction: 'credit',
            amountCents,
            kind: 'admin_credit',
            description: `Admin credit to ${customer.accountNumber}: ${input.reason}`,
            actorId: actor.userId,
            insufficient: 'INVALID_DEPOSIT_AMOUNT',
            record: {
              prefix: RECORD_PREFIXES.deposit,
              type: 'Deposit',
              recipientName: customer.fullName,
              recipientAccount: customer.accountNumber,
              bankName: BANK_DISPLAY_NAME,
              senderName: BANK_DISPLAY_NAME,
              senderAccount: '',
              purpose: input.reason,
            },
          });
          await audit.record(tx, {
            action: 'admin.credit',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'user',
            subjectId: userId,
            ip: actor.ip,
            reason: input.reason,
            details: {
              transactionId: moved.record.transactionId,
              amount: formatCents(amountCents),
              before: { balance: formatCents(moved.beforeCents) },
              after: { balance: formatCents(moved.balanceCents) },
            },
          });
          return answer(201, moved.record, moved.balanceCents);
        },
      );
    },

    /** Admin withdrawal helper: "Invalid debit amount.", "User not found.", "Insufficient funds for this debit." */
    async adminDebit(
      actor: Actor,
      userId: string,
      input: { amount: string; reason: string },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      return runIdempotent(
        { db, clock },
        { scope: `${actor.userId}:admin_debit:${userId}`, key: idempotencyKey, request: input },
        async (tx) => {
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null) throw new Rejection('INVALID_DEBIT_AMOUNT', 'amount');
          const customer = await loadCustomer(tx, { userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND');
          const moved = await moveWithSystem(tx, {
            customer,
            systemCode: SYSTEM_ACCOUNTS.cash,
            direction: 'debit',
            amountCents,
            kind: 'admin_debit',
            description: `Admin debit from ${customer.accountNumber}: ${input.reason}`,
            actorId: actor.userId,
            insufficient: 'INSUFFICIENT_FUNDS_FOR_DEBIT',
            record: {
              prefix: RECORD_PREFIXES.withdrawal,
              type: 'Withdrawal',
              recipientName: BANK_DISPLAY_NAME,
              recipientAccount: '',
              bankName: BANK_DISPLAY_NAME,
              senderName: customer.fullName,
              senderAccount: customer.accountNumber,
              purpose: input.reason,
            },
          });
          await audit.record(tx, {
            action: 'admin.debit',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'user',
            subjectId: userId,
            ip: actor.ip,
            reason: input.reason,
            details: {
              transactionId: moved.record.transactionId,
              amount: formatCents(amountCents),
              before: { balance: formatCents(moved.beforeCents) },
              after: { balance: formatCents(moved.balanceCents) },
            },
          });
          return answer(201, moved.record, moved.balanceCents);
        },
      );
    },

    /** An admin-made record for a customer: a credit or debit with counterparty details and a date. */
    async adminCreateRecord(
      actor: Actor,
      input: {
        userId: string;
        direction: Direction;
        amount: string;
        counterpartyName: string;
        counterpartyAccount: string;
        bankName: string;
        purpose: string;
        createdAt?: string;
        reason: string;
      },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      return runIdempotent(
        { db, clock },
        { scope: `${actor.userId}:admin_record`, key: idempotencyKey, request: input },
        async (tx) => {
          const credit = input.direction === 'credit';
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null)
            throw new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount');
          const customer = await loadCustomer(tx, { userId: input.userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND', 'userId');
          const moved = await moveWithSystem(tx, {
            customer,
            systemCode: SYSTEM_ACCOUNTS.adjustments,
            direction: input.direction,
            amountCents,
            kind: 'admin_record',
            description: `Admin record for ${customer.accountNumber}: ${input.reason}`,
            actorId: actor.userId,
            insufficient: 'INSUFFICIENT_FUNDS_FOR_DEBIT',
            record: {
              prefix: credit ? RECORD_PREFIXES.deposit : RECORD_PREFIXES.withdrawal,
              type: credit ? 'Deposit' : 'Withdrawal',
              recipientName: credit ? customer.fullName : input.counterpartyName,
              recipientAccount: credit ? customer.accountNumber : input.counterpartyAccount,
              bankName: input.bankName || BANK_DISPLAY_NAME,
              senderName: credit ? input.counterpartyName : customer.fullName,
              senderAccount: credit ? input.counterpartyAccount : customer.accountNumber,
              purpose: input.purpose,
              ...(input.createdAt ? { createdAt: new Date(input.createdAt) } : {}),
            },
          });
          await audit.record(tx, {
            action: 'admin.record_create',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'transaction',
            subjectId: moved.record.id,
            ip: actor.ip,
            reason: input.reason,
            details: {
              userId: input.userId,
              transactionId: moved.record.transactionId,
              after: toRecordDto(moved.record),
            },
          });
          return answer(201, moved.record, moved.balanceCents);
        },
      );
    },

    /**
     * SPEC §4 transaction edit: new amount (≥ 0) and date. History is never rewritten silently:
     * the difference moves by an adjusting entry, a history row keeps before and after.
     */
    async adminEditRecord(
      actor: Actor,
      recordId: string,
      input: { amount: string; createdAt: string; reason: string },
    ): Promise<{ transaction: ReturnType<typeof toRecordDto>; balance: string }> {
      try {
        return await db.transaction(async (tx) => {
          const newCents = parseAmountToCents(input.amount);
          if (newCents === null || newCents > AMOUNT_MAX_CENTS)
            throw new Rejection('INVALID_NEW_AMOUNT', 'amount');
          const [record] = await tx
            .select()
            .from(transactionRecords)
            .where(eq(transactionRecords.id, recordId))
            .for('update')
            .limit(1);
          if (!record) throw new Rejection('TRANSACTION_NOT_FOUND');
          const owner = await loadCustomer(tx, { userId: record.userId });
          if (!owner) throw new Rejection('TRANSACTION_USER_GONE');
          const delta = newCents - record.amountCents;
          const change = record.direction === 'credit' ? delta : -delta;
          const adjustmentsId = await systemAccount(SYSTEM_ACCOUNTS.adjustments);
          const locked = await lockAccounts(tx, [owner.accountId, adjustmentsId]);
          const account = locked.get(owner.accountId);
          if (!account) throw new Rejection('TRANSACTION_USER_GONE');
          if (account.balanceCents + change < 0n) throw new Rejection('BALANCE_WOULD_BE_NEGATIVE', 'amount');
          let balanceCents = account.balanceCents;
          let entryId: number | null = null;
          const now = clock.now();
          if (change !== 0n) {
            const posted = await postEntry(tx, {
              kind: 'adjustment',
              description: `Correction of ${record.transactionId}: ${input.reason}`,
              actorId: actor.userId,
              at: now,
              legs: [
                { accountId: owner.accountId, amountCents: change },
                { accountId: adjustmentsId, amountCents: -change },
              ],
            });
            entryId = posted.entryId;
            balanceCents = posted.balances.get(owner.accountId) ?? balanceCents;
          }
          const newDate = new Date(input.createdAt);
          const [updated] = await tx
            .update(transactionRecords)
            .set({ amountCents: newCents, createdAt: newDate, updatedAt: now })
            .where(eq(transactionRecords.id, recordId))
            .returning();
          assert(updated, 'the locked record still exists');
          const before = {
            amount: formatCents(record.amountCents),
            createdAt: record.createdAt.toISOString(),
            balance: formatCents(account.balanceCents),
          };
          const after = {
            amount: formatCents(newCents),
            createdAt: newDate.toISOString(),
            balance: formatCents(balanceCents),
          };
          await tx.insert(transactionRecordHistory).values({
            recordId,
            actorId: actor.userId,
            reason: input.reason,
            before,
            after,
            entryId,
            createdAt: now,
          });
          await audit.record(tx, {
            action: 'admin.record_edit',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'transaction',
            subjectId: recordId,
            ip: actor.ip,
            reason: input.reason,
            details: { transactionId: record.transactionId, userId: record.userId, before, after },
          });
          await users.notifyProfileChanged(tx, owner.userId);
          return { transaction: toRecordDto(updated), balance: formatCents(balanceCents) };
        });
      } catch (error) {
        if (error instanceof Rejection) throw new AppError(error.code, { field: error.field });
        throw error;
      }
    },

    /**
     * SPEC §7 loan approval's money: credit the applicant from the loan disbursement account with
     * a LOAN Deposit record (sender "Loan Disbursement", purpose "<loan type> Approval"). Runs in
     * the caller's transaction, which also moves the loan to Approved.
     */
    async disburseLoan(
      tx: Tx,
      input: { userId: string; amountCents: bigint; loanType: string; actorId: string },
    ): Promise<{ record: RecordRow; balanceCents: bigint }> {
      const customer = await loadCustomer(tx, { userId: input.userId });
      if (!customer) throw new Rejection('LOAN_USER_GONE');
      const moved = await moveWithSystem(tx, {
        customer,
        systemCode: SYSTEM_ACCOUNTS.loanDisbursement,
        direction: 'credit',
        amountCents: input.amountCents,
        kind: 'loan_disbursement',
        description: `${input.loanType} loan disbursed to ${customer.accountNumber}`,
        actorId: input.actorId,
        insufficient: 'LOAN_USER_GONE',
        record: {
          prefix: RECORD_PREFIXES.loan,
          type: 'Deposit',
          recipientName: customer.fullName,
          recipientAccount: customer.accountNumber,
          bankName: BANK_DISPLAY_NAME,
          senderName: 'Loan Disbursement',
          senderAccount: '',
          purpose: `${input.loanType} Approval`,
        },
      });
      return { record: moved.record, balanceCents: moved.balanceCents };
    },

    /** Confirmation of payee: the masked name behind an account number, or null. */
    async maskedPayee(accountNumber: string): Promise<string | null> {
      const customer = await loadCustomer(db, { accountNumber });
      if (!customer || customer.status === 'closed') return null;
      const [first = '', ...rest] = customer.fullName.split(' ');
      const lastInitial = rest.join(' ').trim().charAt(0);
      return lastInitial ? `${first} ${lastInitial}.` : first;
    },
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
