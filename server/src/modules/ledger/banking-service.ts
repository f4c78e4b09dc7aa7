import crypto from 'node:crypto';
import { and, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AMOUNT_MAX_CENTS,
  CHECK_DEPOSIT_MAX_CENTS,
  CURRENCY,
  formatCents,
  parseAmountToCents,
  RECORD_DATE_FUTURE_SKEW_MS,
  transferTypes,
  type Direction,
  type ErrorCode,
  type InternationalDetails,
  type MovementResponse,
  type RecordHold,
  type TransferType,
} from '@larkspur/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  accounts,
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
import { normaliseCheckImage, type CheckImageInput, type StoredCheckImage } from '../holds/check-images';
import { enforceDepositRules, placeHold } from '../holds/hold-deposits';
import { Rejection, runIdempotent, type StoredAnswer } from './idempotency';
import { lockAccounts, POSTED_ENTRY_ID, postEntry, type EntryKind } from './journal';
import {
  counterpartyOf,
  RECORD_STATUS_SUCCESSFUL,
  recordHoldOf,
  toRecordDto,
  type RecordRow,
} from './records';
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
  /** When the customer's account was opened: no record of theirs may be dated earlier. */
  openedAt: Date;
}

/** A customer whose account row this transaction holds locked, with its balance as locked. */
interface LockedCustomer extends Customer {
  balanceCents: bigint;
  /** Cents of check deposits still on hold: the balance less these is what may be spent. */
  heldCents: bigint;
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

/** What an admin gives to put cash into, or take it out of, a customer's account. */
export interface AdminCashInput {
  amount: string;
  reason: string;
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

/** The start of the calendar day (UTC) that `at` falls in: the day the daily transfer limit counts. */
export function limitDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * What `userId` has sent today by transfer, for the daily limit: their debit records of a transfer
 * type recorded since the day began. Served by transaction_records_user_recorded_idx (decision
 * 0125), so it reads today's records of that customer only, however long their history.
 */
export function sentTodaySql(userId: string, at: Date): SQL {
  return sql`(select coalesce(sum(${transactionRecords.amountCents}), 0) from ${transactionRecords} where ${and(
    eq(transactionRecords.userId, userId),
    eq(transactionRecords.direction, 'debit'),
    inArray(transactionRecords.type, [...transferTypes]),
    gte(transactionRecords.recordedAt, limitDayStart(at)),
  )})`;
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
    openedAt: accounts.createdAt,
    // Read as locked by `lockParties`; a plain read's balance is only a snapshot, and unused.
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

  /**
   * An admin's date for a record of `customer` (issue 13 point 11): not later than now plus
   * RECORD_DATE_FUTURE_SKEW_MS, not before the account was opened. Without it the years 0001 and
   * 9999 were accepted, and a history could be written for a time the account did not exist.
   */
  function checkRecordDate(at: Date, customer: Customer): void {
    if (at.getTime() > clock.now().getTime() + RECORD_DATE_FUTURE_SKEW_MS)
      throw new Rejection('RECORD_DATE_IN_FUTURE', 'createdAt');
    if (at.getTime() < customer.openedAt.getTime())
      throw new Rejection('RECORD_DATE_BEFORE_ACCOUNT', 'createdAt');
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
   * A transfer's two parties in one query, their accounts locked (in id order, as `lockAccounts`
   * locks, so that movements queue rather than deadlock): the sender by user id, the recipient by
   * account number (the same row when someone names their own account). Each is what
   * `loadCustomer` would give, with the balance as locked.
   */
  async function lockParties(
    tx: Tx,
    senderId: string,
    recipientAccount: string,
  ): Promise<{ sender: LockedCustomer | null; recipient: LockedCustomer | null }> {
    const rows = await selectCustomers(
      tx,
      or(eq(profiles.userId, senderId), eq(profiles.accountNumber, recipientAccount)),
    )
      .orderBy(accounts.id)
      .for('update', { of: accounts });
    const locked = (row: (typeof rows)[number] | undefined): LockedCustomer | null => {
      const customer = toCustomer(row);
      return customer && row
        ? { ...customer, balanceCents: row.balanceCents, heldCents: row.heldCents }
        : null;
    };
    return {
      sender: locked(rows.find((row) => row.userId === senderId)),
      recipient: locked(rows.find((row) => row.accountNumber === recipientAccount)),
    };
  }

  /**
   * Posts a movement in one statement (decision 0017): its journal entry, and for each customer it
   * touches, their record and the email alert that tells them. The records are known in full
   * beforehand (ids are drawn here), so nothing is read back; each alert states the balance after
   * the movement, the locked balance ± the amount, which is asserted against the posted one.
   * `measure`: as `postEntry`'s.
   */
  async function postMovement(
    tx: Tx,
    entry: Parameters<typeof postEntry>[1],
    legs: { values: RecordValues; customer: Customer; balanceBeforeCents: bigint }[],
    measure?: SQL,
  ): Promise<{ records: RecordRow[]; measured: string | null }> {
    const now = clock.now();
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
      createdAt: values.createdAt ?? now,
      recordedAt: now,
      updatedAt: now,
    }));
    const balancesAfter = legs.map(
      ({ values, balanceBeforeCents }) =>
        balanceBeforeCents + (values.direction === 'credit' ? values.amountCents : -values.amountCents),
    );
    const emails = legs.map(({ customer }, i) => {
      const row = rows[i];
      const balanceCents = balancesAfter[i];
      assert(row && balanceCents !== undefined, 'a record and a balance per leg');
      return {
        to: customer.email,
        ...renderMoneyAlert(
          {
            to: customer.email,
            name: customer.fullName,
            direction: row.direction,
            transactionType: row.type,
            amountCents: row.amountCents,
            currencySymbol: (row.internationalDetails as InternationalDetails | null)?.currencySymbol ?? null,
            date: row.createdAt,
            reference: row.transactionId,
            counterparty: counterpartyOf(row),
            balanceCents,
          },
          brand,
        ),
      };
    });
    const { entryId, balances, measured } = await postEntry(tx, entry, {
      alongside: [
        tx
          .insert(transactionRecords)
          .values(rows.map((row) => ({ ...row, entryId: POSTED_ENTRY_ID })))
          .getSQL(),
        outbox.enqueueStatement(tx, emails),
      ],
      measure,
    });
    legs.forEach(({ customer }, i) =>
      assert(balances.get(customer.accountId) === balancesAfter[i], 'the alert states the posted balance'),
    );
    return { records: rows.map((row) => ({ ...row, entryId })), measured };
  }

  /**
   * Runs a movement once per idempotency key, then, once it has committed, nudges the live views
   * of the customers it touched (`touched`, filled by the operation as it succeeds).
   */
  async function runMovement(
    input: { scope: string; key: string | null; request: unknown },
    operation: (tx: Tx, touched: string[]) => Promise<StoredAnswer>,
  ): Promise<StoredAnswer> {
    const touched: string[] = [];
    const stored = await runIdempotent({ db, clock }, input, (tx) => operation(tx, touched));
    users.profilesChanged(touched);
    return stored;
  }

  /** The movement's answer: the record (with its hold, for a check deposit) and both balances. */
  function answer(
    status: number,
    record: RecordRow,
    balanceCents: bigint,
    heldCents: bigint,
    hold: RecordHold | null = null,
  ): StoredAnswer {
    const body: MovementResponse = {
      transaction: toRecordDto(record, hold),
      balance: formatCents(balanceCents),
      availableBalance: formatCents(balanceCents - heldCents),
    };
    return { statusCode: status, body };
  }

  /**
   * Money between one customer and one system account, with one record and its alert, written in
   * one statement: the admin helpers, deposits and loan payouts.
   */
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
      record: Omit<RecordValues, 'userId' | 'direction' | 'amountCents'>;
    },
  ): Promise<{
    record: RecordRow;
    balanceCents: bigint;
    beforeCents: bigint;
    heldCents: bigint;
    openedAt: Date;
  }> {
    const systemId = await systemAccount(input.systemCode);
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
      tx,
      {
        kind: input.kind,
        description: input.description,
        actorId: input.actorId,
        at: clock.now(),
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

  /**
   * The admin deposit and withdrawal helpers: cash in or out of a customer's account against the
   * bank's cash account, with a Deposit or Withdrawal record and an audit row of the balances.
   */
  async function adminCash(
    direction: Direction,
    actor: Actor,
    userId: string,
    input: AdminCashInput,
    idempotencyKey: string | null,
  ): Promise<StoredAnswer> {
    const credit = direction === 'credit';
    return runMovement(
      { scope: `${actor.userId}:admin_${direction}:${userId}`, key: idempotencyKey, request: input },
      async (tx, touched) => {
        const amountCents = positiveAmount(input.amount);
        if (amountCents === null)
          throw new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount');
        const customer = await loadCustomer(tx, { userId });
        if (!customer) throw new Rejection('USER_NOT_FOUND');
        const moved = await moveWithSystem(tx, {
          customer,
          systemCode: SYSTEM_ACCOUNTS.cash,
          direction,
          amountCents,
          kind: credit ? 'admin_credit' : 'admin_debit',
          description: credit
            ? `Admin credit to ${customer.accountNumber}: ${input.reason}`
            : `Admin debit from ${customer.accountNumber}: ${input.reason}`,
          actorId: actor.userId,
          insufficient: credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INSUFFICIENT_FUNDS_FOR_DEBIT',
          record: credit
            ? {
                prefix: RECORD_PREFIXES.deposit,
                type: 'Deposit',
                recipientName: customer.fullName,
                recipientAccount: customer.accountNumber,
                bankName: BANK_DISPLAY_NAME,
                senderName: BANK_DISPLAY_NAME,
                senderAccount: '',
                purpose: input.reason,
              }
            : {
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
          action: credit ? 'admin.credit' : 'admin.debit',
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
        touched.push(customer.userId);
        return answer(201, moved.record, moved.balanceCents, moved.heldCents);
      },
    );
  }

  return {
    ensureSystemAccounts: async () => {
      systemAccountIds = await ensureSystemAccounts(db);
    },

    /**
     * SPEC §7 transfer. Checks in the spec's order, each with its message, against the parties as
     * locked: amount, recipient exists (unless international), not oneself, funds, then the daily
     * limit. One journal entry, the sender's record and the recipient's Deposit record and both
     * alerts, in one statement (decision 0017).
     */
    async transfer(
      senderId: string,
      input: TransferInput,
      idempotencyKey: string | null,
      /**
       * Runs after the spec's checks, inside the transaction, under the sender's lock: the step-up
       * rule (modules/step-up, decision 0137). An AppError from it rolls everything back, the
       * idempotency key included.
       */
      authorise?: (tx: Tx) => Promise<void>,
    ): Promise<StoredAnswer> {
      return runMovement(
        { scope: `${senderId}:transfer`, key: idempotencyKey, request: input },
        async (tx, touched) => {
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null) throw new Rejection('INVALID_TRANSFER_AMOUNT', 'amount');
          const recipientAccount = input.recipientAccount.trim();
          // Read under lock from the start: what is checked below is what the entry is posted
          // against, with no second look at the rows between the checks and the write.
          const { sender, recipient } = await lockParties(tx, senderId, recipientAccount);
          if (!sender) throw new Rejection('USER_NOT_FOUND');
          if (sender.status !== 'active')
            throw new Rejection(sender.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
          const recipientUsable = recipient !== null && recipient.status !== 'closed';
          const international = input.type === 'International Transfer';
          if (!recipientUsable && !international)
            throw new Rejection('RECIPIENT_NOT_FOUND', 'recipientAccount');
          if (recipientAccount === sender.accountNumber)
            throw new Rejection('SELF_TRANSFER', 'recipientAccount');
          // What may be spent is the available balance: held check deposits stay (decision 0070).
          if (sender.balanceCents - sender.heldCents < amountCents)
            throw new Rejection('INSUFFICIENT_FUNDS', 'amount');
          if (authorise) await authorise(tx);

          // Money to an account outside the bank goes to the settlement account, locked after the
          // sender's; nothing else locks it, so this order cannot deadlock.
          let creditAccountId: number;
          if (recipientUsable) {
            creditAccountId = recipient.accountId;
          } else {
            creditAccountId = await systemAccount(SYSTEM_ACCOUNTS.internationalSettlement);
            const settlement = await lockAccounts(tx, [creditAccountId]);
            if (!settlement.has(creditAccountId)) throw new Rejection('RECIPIENT_GONE', 'recipientAccount');
          }

          // The account limit caps what a customer may send in one calendar day (UTC). Summed in
          // the posting statement, whose snapshot is taken after the sender's lock was granted, so
          // it counts every transfer that sender committed before this one; over the limit, the
          // transaction rolls back and nothing of it remains.
          const now = clock.now();
          const sentToday = sentTodaySql(sender.userId, now);

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
          };
          const legs = [
            {
              values: {
                ...common,
                prefix: RECORD_PREFIXES.transfer,
                userId: sender.userId,
                direction: 'debit' as const,
                type: input.type,
              },
              customer: sender,
              balanceBeforeCents: sender.balanceCents,
            },
            ...(recipientUsable
              ? [
                  {
                    values: {
                      ...common,
                      recipientName: recipient.fullName,
                      prefix: RECORD_PREFIXES.deposit,
                      userId: recipient.userId,
                      direction: 'credit' as const,
                      type: 'Deposit',
                    },
                    customer: recipient,
                    balanceBeforeCents: recipient.balanceCents,
                  },
                ]
              : []),
          ];
          const {
            records: [debit],
            measured,
          } = await postMovement(
            tx,
            {
              kind: 'transfer',
              description: `${input.type} ${sender.accountNumber} → ${recipientAccount}`,
              actorId: sender.userId,
              at: now,
              legs: [
                { accountId: sender.accountId, amountCents: -amountCents },
                { accountId: creditAccountId, amountCents },
              ],
            },
            legs,
            sentToday,
          );
          if (BigInt(measured ?? '0') + amountCents > sender.accountLimitCents) {
            throw new Rejection('TRANSFER_LIMIT_EXCEEDED', 'amount');
          }
          assert(debit, 'the sender record was written');
          touched.push(...legs.map((leg) => leg.customer.userId));
          const senderBalance = sender.balanceCents - amountCents;
          return answer(201, debit, senderBalance, sender.heldCents);
        },
      );
    },

    /**
     * SPEC §7 check deposit: credit the balance, write a Check Deposit record, alert — and hold
     * the money until it clears (issue 13, decision 0070). The photos are decoded and re-encoded
     * before the transaction (CPU work holds no lock); the rules that count earlier deposits run
     * under the customer's account lock.
     */
    async depositCheck(
      userId: string,
      input: {
        amount: string;
        checkNumber: string;
        frontImage: CheckImageInput;
        backImage: CheckImageInput;
      },
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      const amountCents = positiveAmount(input.amount);
      if (amountCents === null) throw new AppError('INVALID_DEPOSIT_AMOUNT', { field: 'amount' });
      if (amountCents > CHECK_DEPOSIT_MAX_CENTS)
        throw new AppError('CHECK_AMOUNT_OVER_LIMIT', { field: 'amount' });
      const images: StoredCheckImage[] = [
        await normaliseCheckImage('front', input.frontImage),
        await normaliseCheckImage('back', input.backImage),
      ];
      return runMovement(
        { scope: `${userId}:check_deposit`, key: idempotencyKey, request: input },
        async (tx, touched) => {
          const customer = await loadCustomer(tx, { userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND');
          if (customer.status !== 'active')
            throw new Rejection(customer.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
          // Lock as the posting will (both accounts, in id order) before counting earlier deposits.
          await lockAccounts(tx, [customer.accountId, await systemAccount(SYSTEM_ACCOUNTS.checkClearing)]);
          const deposit = {
            userId,
            accountId: customer.accountId,
            amountCents,
            checkNumber: input.checkNumber,
            images,
            now: clock.now(),
          };
          await enforceDepositRules(tx, deposit);
          const { record, balanceCents, openedAt } = await moveWithSystem(tx, {
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
          const { heldCents, hold } = await placeHold(tx, {
            ...deposit,
            recordId: record.id,
            accountOpenedAt: openedAt,
          });
          touched.push(customer.userId);
          return answer(201, record, balanceCents, heldCents, hold);
        },
      );
    },

    /**
     * The admin deposit helper (credit: "Invalid deposit amount.", "User not found.", a Deposit
     * record) and withdrawal helper (debit: "Invalid debit amount.", "User not found.",
     * "Insufficient funds for this debit.", a Withdrawal record).
     */
    adminCash,

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
      return runMovement(
        { scope: `${actor.userId}:admin_record`, key: idempotencyKey, request: input },
        async (tx, touched) => {
          const credit = input.direction === 'credit';
          const amountCents = positiveAmount(input.amount);
          if (amountCents === null)
            throw new Rejection(credit ? 'INVALID_DEPOSIT_AMOUNT' : 'INVALID_DEBIT_AMOUNT', 'amount');
          const customer = await loadCustomer(tx, { userId: input.userId });
          if (!customer) throw new Rejection('USER_NOT_FOUND', 'userId');
          const createdAt = input.createdAt ? new Date(input.createdAt) : undefined;
          if (createdAt) checkRecordDate(createdAt, customer);
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
              ...(createdAt ? { createdAt } : {}),
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
          touched.push(customer.userId);
          return answer(201, moved.record, moved.balanceCents, moved.heldCents);
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
    ): Promise<MovementResponse> {
      try {
        const edited = await db.transaction(async (tx) => {
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
          const newDate = new Date(input.createdAt);
          checkRecordDate(newDate, owner);
          // A check deposit's amount is its hold's (decision 0071): reviewers release or return it.
          if (newCents !== record.amountCents && (await recordHoldOf(tx, recordId)) !== null)
            throw new Rejection('HOLD_RECORD_AMOUNT_FIXED', 'amount');
          const delta = newCents - record.amountCents;
          const change = record.direction === 'credit' ? delta : -delta;
          const adjustmentsId = await systemAccount(SYSTEM_ACCOUNTS.adjustments);
          const locked = await lockAccounts(tx, [owner.accountId, adjustmentsId]);
          const account = locked.get(owner.accountId);
          if (!account) throw new Rejection('TRANSACTION_USER_GONE');
          // Nor may a correction spend held check money (decision 0070).
          if (account.balanceCents - account.heldCents + change < 0n)
            throw new Rejection('BALANCE_WOULD_BE_NEGATIVE', 'amount');
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
          return {
            owner: owner.userId,
            edited: {
              transaction: toRecordDto(updated, await recordHoldOf(tx, recordId)),
              balance: formatCents(balanceCents),
              availableBalance: formatCents(balanceCents - account.heldCents),
            },
          };
        });
        users.profilesChanged([edited.owner]);
        return edited.edited;
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
