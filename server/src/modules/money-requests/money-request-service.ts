import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AMOUNT_MAX_CENTS,
  errorMessage,
  formatCents,
  needsApproval,
  parseAmountToCents,
  type MoneyRequest,
  type MoneyRequestCounts,
  type MoneyRequestKind,
  type MoneyRequestState,
  type MoneyRequestPage,
} from '@larkspur/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { moneyRequests, profiles, transactionRecords, uncheckedMovements } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuditLog } from '../audit/index';
import type {
  Actor,
  AdminCashInput,
  AdminEditInput,
  AdminRecordInput,
  BankingService,
} from '../ledger/index';
import { loadCustomer } from '../ledger/index';
import { Rejection, runIdempotent, type StoredAnswer } from '../../lib/idempotency';
import { positiveAmount } from '../ledger/index';
import { appointedRecently, appointmentsOf } from '../staff/index';

/**
 * Maker-checker for manual money (issue 19, decisions 0170–0172).
 *
 * A maker's credit, debit, record or record edit at or above the threshold is stored as a pending
 * request instead of moving money (`intercept`, answered 202). A checker — never the maker —
 * approves it: in ONE transaction the request row is locked (FOR UPDATE), found still pending, the
 * movement runs through the very use case the direct endpoint uses (in a savepoint), and the row
 * becomes approved (or failed, with the refusal, when the movement is refused). Two checkers
 * racing queue on the row lock: the second finds it decided and gets 409, so the money moves once.
 * A rejection (with a reason) moves nothing. Every step writes an audit row.
 */

const CURSOR_TAG = 'money-requests';

/** What a maker asked for, as the endpoint's schema parsed it. */
export type ManualMovement =
  | { kind: 'credit' | 'debit'; userId: string; input: AdminCashInput }
  | { kind: 'record_create'; input: AdminRecordInput }
  | { kind: 'record_edit'; recordId: string; input: AdminEditInput };

export interface MoneyRequestActor {
  userId: string;
  ip: string | null;
}

export function createMoneyRequestService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
  banking: BankingService;
  thresholdCents: bigint;
  /**
   * The rolling window (decision 0188) over which unchecked manual money is added up, per maker
   * and per customer, in milliseconds; 0 compares each movement alone (test rigs).
   */
  windowMs: number;
}) {
  const { db, clock, audit, banking, thresholdCents, windowMs } = deps;
  const customers = alias(profiles, 'customer');
  const makers = alias(profiles, 'maker');
  const checkers = alias(profiles, 'checker');

  function select(tx: DbOrTx) {
    return tx
      .select({
        row: moneyRequests,
        cursorAt: sql<string>`to_char(${moneyRequests.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
        customerFirst: customers.firstName,
        customerSurname: customers.surname,
        accountNumber: customers.accountNumber,
        makerFirst: makers.firstName,
        makerSurname: makers.surname,
        checkerFirst: checkers.firstName,
        checkerSurname: checkers.surname,
        transactionId: transactionRecords.transactionId,
      })
      .from(moneyRequests)
      .innerJoin(customers, eq(customers.userId, moneyRequests.userId))
      .innerJoin(makers, eq(makers.userId, moneyRequests.makerId))
      .leftJoin(checkers, eq(checkers.userId, moneyRequests.checkerId))
      .leftJoin(transactionRecords, eq(transactionRecords.id, moneyRequests.recordId));
  }
  type Selected = Awaited<ReturnType<ReturnType<typeof select>['limit']>>[number];

  function toDto(r: Selected): MoneyRequest {
    const { row } = r;
    return {
      id: row.id,
      kind: row.kind,
      state: row.state,
      amount: formatCents(row.amountCents),
      userId: row.userId,
      customerName: `${r.customerFirst} ${r.customerSurname}`,
      accountNumber: r.accountNumber ?? '',
      payload: row.payload,
      recordId: row.recordId,
      transactionId: r.transactionId,
      makerId: row.makerId,
      makerName: `${r.makerFirst} ${r.makerSurname}`,
      checkerId: row.checkerId,
      checkerName: r.checkerFirst !== null ? `${r.checkerFirst} ${r.checkerSurname ?? ''}`.trim() : null,
      decisionReason: row.decisionReason,
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function byId(tx: DbOrTx, id: string): Promise<MoneyRequest> {
    const [found] = await select(tx).where(eq(moneyRequests.id, id)).limit(1);
    assert(found, 'the money request exists');
    return toDto(found);
  }

  /** Every field a string, undefined ones left out: what the payload column keeps. */
  function payloadOf(fields: Record<string, string | undefined>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  }

  /**
   * What the threshold is compared with, the customer, and the payload to keep; null when the
   * request is not well-formed enough to queue (the direct path then answers with its own
   * message: an invalid amount, an unknown customer or record).
   */
  async function assess(movement: ManualMovement): Promise<{
    amountCents: bigint;
    userId: string;
    recordId: string | null;
    payload: Record<string, string>;
  } | null> {
    if (movement.kind === 'record_edit') {
      const newCents = parseAmountToCents(movement.input.amount);
      if (newCents === null || newCents > AMOUNT_MAX_CENTS) return null;
      const [record] = await db
        .select({ amountCents: transactionRecords.amountCents, userId: transactionRecords.userId })
        .from(transactionRecords)
        .where(eq(transactionRecords.id, movement.recordId))
        .limit(1);
      if (!record) return null;
      const change =
        newCents > record.amountCents ? newCents - record.amountCents : record.amountCents - newCents;
      return {
        amountCents: change,
        userId: record.userId,
        recordId: movement.recordId,
        // The amount the maker saw: an approval refuses an edit of a record that changed since.
        payload: payloadOf({ ...movement.input, previousAmount: formatCents(record.amountCents) }),
      };
    }
    const amountCents = positiveAmount(movement.input.amount);
    if (amountCents === null) return null;
    const userId = movement.kind === 'record_create' ? movement.input.userId : movement.userId;
    return { amountCents, userId, recordId: null, payload: payloadOf({ ...movement.input }) };
  }

  /** Runs an approved request's movement in `tx`; throws a Rejection when it is refused. */
  async function runMovement(
    tx: Tx,
    touched: string[],
    row: typeof moneyRequests.$inferSelect,
    actor: Actor,
  ): Promise<string | null> {
    const p = row.payload;
    const field = (name: string): string => p[name] ?? '';
    switch (row.kind) {
      case 'credit':
      case 'debit': {
        const answer = await banking.manual.cash(tx, touched, row.kind, actor, row.userId, {
          amount: field('amount'),
          reason: field('reason'),
        });
        return recordIdOf(answer);
      }
      case 'record_create': {
        const answer = await banking.manual.createRecord(tx, touched, actor, {
          userId: row.userId,
          direction: field('direction') === 'debit' ? 'debit' : 'credit',
          amount: field('amount'),
          counterpartyName: field('counterpartyName'),
          counterpartyAccount: field('counterpartyAccount'),
          bankName: field('bankName'),
          purpose: field('purpose'),
          ...(p.createdAt !== undefined ? { createdAt: p.createdAt } : {}),
          reason: field('reason'),
        });
        return recordIdOf(answer);
      }
      case 'record_edit': {
        assert(row.recordId !== null, 'an edit request names its record');
        const [record] = await tx
          .select({ amountCents: transactionRecords.amountCents })
          .from(transactionRecords)
          .where(eq(transactionRecords.id, row.recordId))
          .for('update')
          .limit(1);
        if (!record) throw new Rejection('TRANSACTION_NOT_FOUND');
        if (formatCents(record.amountCents) !== field('previousAmount'))
          throw new Rejection('MONEY_REQUEST_RECORD_CHANGED');
        await banking.manual.editRecord(tx, touched, actor, row.recordId, {
          amount: field('amount'),
          createdAt: field('createdAt'),
          reason: field('reason'),
        });
        return row.recordId;
      }
    }
  }

  /** The idempotency scope: the direct endpoint's own, so a key answers the same either way. */
  function scopeOf(movement: ManualMovement, actor: MoneyRequestActor): string {
    switch (movement.kind) {
      case 'credit':
      case 'debit':
        return banking.manual.cashScope(actor, movement.kind, movement.userId);
      case 'record_create':
        return banking.manual.recordScope(actor);
      case 'record_edit':
        return `${actor.userId}:admin_record_edit:${movement.recordId}`;
    }
  }

  function recordIdOf(answer: StoredAnswer): string {
    const id = (answer.body as { transaction?: { id?: unknown } }).transaction?.id;
    assert(typeof id === 'string', 'a movement answers with its record');
    return id;
  }

  /**
   * Serialises the window of one maker and one customer: transaction-scoped advisory locks, always
   * the customer's before the maker's (the keys sort that way), so two pieces never wait on each
   * other in a cycle. Nothing else takes these locks; the accounts are locked after them.
   */
  async function lockWindow(tx: Tx, makerId: string, userId: string) {
    for (const name of [`maker-checker:customer:${userId}`, `maker-checker:maker:${makerId}`])
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
  }

  /** Unchecked manual money in the window: moved by this maker, and moved on this customer. */
  async function windowTotals(tx: Tx, makerId: string, userId: string) {
    const since = new Date(clock.now().getTime() - windowMs);
    const [row] = await tx
      .select({
        maker: sql<string>`coalesce(sum(${uncheckedMovements.amountCents}) filter (where ${uncheckedMovements.makerId} = ${makerId}), 0)::text`,
        customer: sql<string>`coalesce(sum(${uncheckedMovements.amountCents}) filter (where ${uncheckedMovements.userId} = ${userId}), 0)::text`,
      })
      .from(uncheckedMovements)
      .where(
        and(
          sql`${uncheckedMovements.createdAt} > ${since}`,
          sql`(${uncheckedMovements.makerId} = ${makerId} or ${uncheckedMovements.userId} = ${userId})`,
        ),
      );
    return { maker: BigInt(row?.maker ?? '0'), customer: BigInt(row?.customer ?? '0') };
  }

  /** A movement under the window's total moves at once, through the direct endpoint's use case. */
  async function moveDirectly(
    tx: Tx,
    touched: string[],
    movement: ManualMovement,
    actor: MoneyRequestActor,
  ): Promise<StoredAnswer> {
    const who = { userId: actor.userId, ip: actor.ip };
    switch (movement.kind) {
      case 'credit':
      case 'debit':
        return banking.manual.cash(tx, touched, movement.kind, who, movement.userId, movement.input);
      case 'record_create':
        return banking.manual.createRecord(tx, touched, who, movement.input);
      case 'record_edit':
        return {
          statusCode: 200,
          body: await banking.manual.editRecord(tx, touched, who, movement.recordId, movement.input),
        };
    }
  }

  /** Stores the pending request and its audit row; the 202 answer. */
  async function queue(
    tx: Tx,
    movement: ManualMovement,
    assessed: {
      amountCents: bigint;
      userId: string;
      recordId: string | null;
      payload: Record<string, string>;
    },
    actor: MoneyRequestActor,
    window: { maker: bigint; customer: bigint } | null,
  ): Promise<StoredAnswer> {
    const [created] = await tx
      .insert(moneyRequests)
      .values({
        kind: movement.kind,
        payload: assessed.payload,
        amountCents: assessed.amountCents,
        userId: assessed.userId,
        recordId: assessed.recordId,
        makerId: actor.userId,
        createdAt: clock.now(),
      })
      .returning({ id: moneyRequests.id });
    assert(created, 'the request was stored');
    await audit.record(tx, {
      action: 'admin.money_request.create',
      outcome: 'success',
      actorId: actor.userId,
      actorRole: 'admin',
      subjectType: 'money_request',
      subjectId: created.id,
      ip: actor.ip,
      reason: assessed.payload.reason ?? null,
      details: {
        kind: movement.kind,
        userId: assessed.userId,
        amount: formatCents(assessed.amountCents),
        threshold: formatCents(thresholdCents),
        ...(assessed.recordId ? { recordId: assessed.recordId } : {}),
        // Queued because of what had already moved unchecked in the window (decision 0188).
        ...(window
          ? { windowMaker: formatCents(window.maker), windowCustomer: formatCents(window.customer) }
          : {}),
      },
    });
    return { statusCode: 202, body: { request: await byId(tx, created.id) } };
  }

  /** Locks a request for a decision: it exists, the checker is not its maker, it is pending. */
  async function lockForDecision(tx: Tx, actor: MoneyRequestActor, id: string) {
    const [row] = await tx
      .select()
      .from(moneyRequests)
      .where(eq(moneyRequests.id, id))
      .for('update')
      .limit(1);
    if (!row) throw new AppError('MONEY_REQUEST_NOT_FOUND');
    if (row.makerId === actor.userId) throw new AppError('MONEY_REQUEST_OWN');
    if (row.state !== 'pending') throw new AppError('MONEY_REQUEST_NOT_PENDING');
    return row;
  }

  /**
   * Decision 0190: a checker whose permission set was given or changed within the cooling-off
   * period cannot approve yet, and nobody approves for someone they themselves created or
   * promoted within it. Staff from the seed or `npm run admin:create` were appointed by nobody.
   */
  async function checkAppointments(tx: Tx, checkerId: string, makerId: string) {
    const now = clock.now();
    const rows = await appointmentsOf(tx, [checkerId, makerId]);
    const checker = rows.find((r) => r.userId === checkerId);
    const maker = rows.find((r) => r.userId === makerId);
    if (appointedRecently(checker, now)) throw new AppError('MONEY_REQUEST_APPROVER_TOO_NEW');
    if (maker && maker.appointedBy === checkerId && appointedRecently(maker, now))
      throw new AppError('MONEY_REQUEST_APPOINTED_MAKER');
  }

  /** A refused decision (the maker's own request, one already decided) is audited too. */
  async function auditRefusal(action: string, actor: MoneyRequestActor, id: string, error: unknown) {
    if (!(error instanceof AppError)) return;
    const audited = [
      'MONEY_REQUEST_OWN',
      'MONEY_REQUEST_NOT_PENDING',
      'MONEY_REQUEST_APPROVER_TOO_NEW',
      'MONEY_REQUEST_APPOINTED_MAKER',
    ];
    if (!audited.includes(error.code)) return;
    await audit.record(db, {
      action,
      outcome: 'denied',
      actorId: actor.userId,
      actorRole: 'admin',
      subjectType: 'money_request',
      subjectId: id,
      ip: actor.ip,
      details: { code: error.code },
    });
  }

  return {
    thresholdCents,

    /**
     * The maker's side: null when the movement may go ahead directly (below the threshold, or not
     * well-formed: the direct path refuses it in its own words); otherwise the pending request,
     * stored once per idempotency key, as the 202 answer.
     */
    async intercept(
      movement: ManualMovement,
      actor: MoneyRequestActor,
      key: string | null,
    ): Promise<StoredAnswer | null> {
      const assessed = await assess(movement);
      if (assessed === null) return null;
      const alone = needsApproval(assessed.amountCents, thresholdCents);
      if (!alone && windowMs === 0) return null;
      const customer = await loadCustomer(db, { userId: assessed.userId });
      if (!customer) return null;
      const scope = scopeOf(movement, actor);
      const touched: string[] = [];
      const answer = await runIdempotent(
        { db, clock },
        { scope, key, request: movement.input },
        async (tx) => {
          if (alone) return queue(tx, movement, assessed, actor, null);
          // Below the threshold alone: add it to what this maker, and this customer, already moved
          // without a checker in the window. Both totals are read under locks held to the commit,
          // in the transaction that moves the money and counts it, so parallel pieces queue here
          // and each sees the ones before it (decision 0188).
          await lockWindow(tx, actor.userId, assessed.userId);
          const totals = await windowTotals(tx, actor.userId, assessed.userId);
          if (
            needsApproval(totals.maker + assessed.amountCents, thresholdCents) ||
            needsApproval(totals.customer + assessed.amountCents, thresholdCents)
          )
            return queue(tx, movement, assessed, actor, totals);
          const moved = await moveDirectly(tx, touched, movement, actor);
          await tx.insert(uncheckedMovements).values({
            kind: movement.kind,
            makerId: actor.userId,
            userId: assessed.userId,
            amountCents: assessed.amountCents,
            createdAt: clock.now(),
          });
          return moved;
        },
      );
      if (touched.length > 0) banking.manual.profilesChanged(touched);
      return answer;
    },

    async list(
      actor: MoneyRequestActor,
      query: { state: MoneyRequestState; mine: 'true' | 'false'; cursor?: string; limit: number },
    ): Promise<MoneyRequestPage> {
      const mine = query.mine === 'true';
      const tag = `${CURSOR_TAG}:${query.state}:${mine ? 'mine' : 'all'}`;
      const where: SQL[] = [eq(moneyRequests.state, query.state)];
      if (mine) where.push(eq(moneyRequests.makerId, actor.userId));
      if (query.cursor) {
        const [at, id] = decodeCursor(query.cursor, tag, ['timestamp', 'uuid']);
        where.push(
          sql`(${moneyRequests.createdAt}, ${moneyRequests.id}) < (${at}::timestamptz, ${id}::uuid)`,
        );
      }
      const rows = await select(db)
        .where(and(...where))
        .orderBy(sql`${moneyRequests.createdAt} desc nulls last`, sql`${moneyRequests.id} desc nulls last`)
        .limit(query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items[items.length - 1];
      const countRows = await db
        .select({ state: moneyRequests.state, n: sql<number>`count(*)::int` })
        .from(moneyRequests)
        .where(mine ? eq(moneyRequests.makerId, actor.userId) : undefined)
        .groupBy(moneyRequests.state);
      const counts: MoneyRequestCounts = { pending: 0, approved: 0, rejected: 0, failed: 0 };
      for (const c of countRows) counts[c.state] = Number(c.n);
      return {
        items: items.map(toDto),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(tag, [last.cursorAt, last.row.id]) : null,
        counts,
        threshold: formatCents(thresholdCents),
      };
    },

    /** The checker approves: the movement and the state change commit together, or neither. */
    async approve(actor: MoneyRequestActor, id: string): Promise<MoneyRequest> {
      const touched: string[] = [];
      let decided: MoneyRequest;
      try {
        decided = await db.transaction(async (tx) => {
          const row = await lockForDecision(tx, actor, id);
          await checkAppointments(tx, actor.userId, row.makerId);
          const now = clock.now();
          let recordId: string | null = row.recordId;
          let refusal: Rejection | null = null;
          try {
            // A savepoint: a refused movement is undone, the decision to record it is kept.
            recordId = await tx.transaction((sp) =>
              runMovement(sp, touched, row, { userId: actor.userId, ip: actor.ip, requestId: row.id }),
            );
          } catch (error) {
            if (!(error instanceof Rejection)) throw error;
            refusal = error;
            touched.length = 0;
          }
          const updated = await tx
            .update(moneyRequests)
            .set({
              state: refusal ? 'failed' : 'approved',
              checkerId: actor.userId,
              decidedAt: now,
              recordId,
              failureCode: refusal?.code ?? null,
              failureMessage: refusal ? errorMessage(refusal.code) : null,
            })
            .where(and(eq(moneyRequests.id, id), eq(moneyRequests.state, 'pending')))
            .returning({ id: moneyRequests.id });
          assert(updated.length === 1, 'the locked request was still pending');
          await audit.record(tx, {
            action: 'admin.money_request.approve',
            outcome: refusal ? 'failure' : 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'money_request',
            subjectId: id,
            ip: actor.ip,
            details: {
              kind: row.kind,
              makerId: row.makerId,
              userId: row.userId,
              amount: formatCents(row.amountCents),
              ...(recordId ? { recordId } : {}),
              ...(refusal ? { refusal: refusal.code } : {}),
            },
          });
          return byId(tx, id);
        });
      } catch (error) {
        await auditRefusal('admin.money_request.approve', actor, id, error);
        throw error;
      }
      if (touched.length > 0) banking.manual.profilesChanged(touched);
      return decided;
    },

    /** The checker rejects, with a reason: nothing moves. */
    async reject(actor: MoneyRequestActor, id: string, reason: string): Promise<MoneyRequest> {
      try {
        return await db.transaction(async (tx) => {
          const row = await lockForDecision(tx, actor, id);
          await tx
            .update(moneyRequests)
            .set({
              state: 'rejected',
              checkerId: actor.userId,
              decidedAt: clock.now(),
              decisionReason: reason,
            })
            .where(and(eq(moneyRequests.id, id), eq(moneyRequests.state, 'pending')));
          await audit.record(tx, {
            action: 'admin.money_request.reject',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'money_request',
            subjectId: id,
            ip: actor.ip,
            reason,
            details: {
              kind: row.kind,
              makerId: row.makerId,
              userId: row.userId,
              amount: formatCents(row.amountCents),
            },
          });
          return byId(tx, id);
        });
      } catch (error) {
        await auditRefusal('admin.money_request.reject', actor, id, error);
        throw error;
      }
    },
  };
}

export type MoneyRequestService = ReturnType<typeof createMoneyRequestService>;
export type { MoneyRequestKind };
