import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  SCHEDULED_END_DAYS_AHEAD_MAX,
  SCHEDULED_OCCURRENCES_MAX,
  SCHEDULED_RUNS_SHOWN_MAX,
  SCHEDULED_SERIES_ACTIVE_MAX,
  SCHEDULED_START_DAYS_AHEAD_MAX,
  addDays,
  BANK_DISPLAY_NAME,
  formatCents,
  isoDay,
  occurrenceDay,
  occurrenceTotal,
  type InternationalDetails,
  type ScheduleFrequency,
  type ScheduledTransfer,
  type ScheduledTransferPage,
  type TransferType,
} from '@larkspur/contract';
import type { Database, Tx } from '../../db/client';
import { profiles, scheduledTransferRuns, scheduledTransfers } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import { CURSOR_UUID_PATTERN, invalidCursor } from '../../lib/keyset-cursor';
import { loadCustomer } from '../ledger/index';
import { decidePayeeCheck } from '../ledger/index';
import { Rejection, runIdempotent, type StoredAnswer } from '../../lib/idempotency';
import { positiveAmount } from '../ledger/index';

/** A series row as stored. */
export type SeriesRow = typeof scheduledTransfers.$inferSelect;
type RunRow = typeof scheduledTransferRuns.$inferSelect;

/** The transfer a series makes, as the customer entered it (the contract's parsed transfer). */
export interface SeriesTransfer {
  type: TransferType;
  recipientAccount: string;
  recipientName: string;
  bankName: string;
  routingNumber?: string | null | undefined;
  amount: string;
  purpose: string;
  internationalDetails?: InternationalDetails | undefined;
  /** Accepts a close or no match of the name check for every payment of the series (decision 0155). */
  confirmPayeeRisk?: boolean | undefined;
}

export interface SeriesSchedule {
  frequency: ScheduleFrequency;
  startOn: string;
  endOn?: string | null | undefined;
  count?: number | null | undefined;
}

/** The step-up rule, run inside the creating transaction (decision 0137): throws to refuse. */
export type AuthoriseSeries = (tx: Tx, transfer: SeriesTransfer) => Promise<void>;

/** How many series one page of the list holds when the caller does not say. */
export const SCHEDULED_PAGE_SIZE_DEFAULT = SCHEDULED_SERIES_ACTIVE_MAX;

/** The day occurrence `n` of a stored series falls on, or null when the series has no such payment. */
export function seriesDay(
  series: Pick<SeriesRow, 'frequency' | 'startOn' | 'endOn' | 'occurrenceCount'>,
  n: number,
) {
  const total = occurrenceTotal({
    frequency: series.frequency,
    startOn: series.startOn,
    endOn: series.endOn,
    count: series.occurrenceCount,
  });
  return n >= 1 && n <= Math.min(total, SCHEDULED_OCCURRENCES_MAX)
    ? occurrenceDay(series.startOn, series.frequency, n)
    : null;
}

function toRunDto(run: RunRow) {
  return {
    occurrence: run.occurrence,
    dueOn: run.dueOn,
    status: run.status,
    amount: formatCents(run.amountCents),
    transactionId: run.transactionId,
    failureMessage: run.errorMessage,
    ranAt: run.ranAt.toISOString(),
  };
}

export function toSeriesDto(series: SeriesRow, runs: RunRow[]): ScheduledTransfer {
  return {
    id: series.id,
    type: series.type,
    recipientAccount: series.recipientAccount,
    recipientName: series.recipientName,
    bankName: series.bankName,
    amount: formatCents(series.amountCents),
    purpose: series.purpose,
    frequency: series.frequency,
    startOn: series.startOn,
    endOn: series.endOn,
    count: series.occurrenceCount,
    status: series.status,
    nextOccurrence: series.status === 'active' ? series.nextOccurrence : null,
    nextRunOn: series.nextRunOn,
    occurrenceTotal: Math.min(
      occurrenceTotal({
        frequency: series.frequency,
        startOn: series.startOn,
        endOn: series.endOn,
        count: series.occurrenceCount,
      }),
      SCHEDULED_OCCURRENCES_MAX,
    ),
    createdAt: series.createdAt.toISOString(),
    cancelledAt: series.cancelledAt?.toISOString() ?? null,
    recentRuns: runs.slice(0, SCHEDULED_RUNS_SHOWN_MAX).map(toRunDto),
  };
}

function encodeCursor(row: SeriesRow): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      if (typeof at === 'string' && typeof id === 'string' && CURSOR_UUID_PATTERN.test(id)) {
        const createdAt = new Date(at);
        if (!Number.isNaN(createdAt.getTime()) && createdAt.toISOString() === at) return { createdAt, id };
      }
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/**
 * A new first day for a series (decision 0202): only while none of its payments has been made or
 * tried (its days are counted from the start, and a paid one cannot move), within the creation
 * rules: today to SCHEDULED_START_DAYS_AHEAD_MAX ahead, on or before its end date, and within
 * SCHEDULED_OCCURRENCES_MAX payments.
 */
function checkNewStart(series: SeriesRow, startOn: string, today: string): void {
  if (series.nextOccurrence !== 1) throw new AppError('SCHEDULED_DATE_FIXED', { field: 'startOn' });
  if (startOn < today || startOn > addDays(today, SCHEDULED_START_DAYS_AHEAD_MAX))
    throw new AppError('SCHEDULED_START_INVALID', { field: 'startOn' });
  if (series.endOn !== null && startOn > series.endOn)
    throw new AppError('SCHEDULED_END_INVALID', { field: 'startOn' });
  const shape = {
    frequency: series.frequency,
    startOn,
    endOn: series.endOn,
    count: series.occurrenceCount,
  };
  if (occurrenceTotal(shape) > SCHEDULED_OCCURRENCES_MAX)
    throw new AppError('SCHEDULED_TOO_MANY_OCCURRENCES', { field: 'startOn' });
}

export interface ScheduledService {
  create(
    caller: { userId: string; ip: string },
    input: { transfer: SeriesTransfer; schedule: SeriesSchedule },
    key: string | null,
    authorise?: AuthoriseSeries,
  ): Promise<StoredAnswer>;
  list(
    userId: string,
    query: { status: 'active' | 'all'; cursor?: string | undefined; limit?: number | undefined },
  ): Promise<ScheduledTransferPage>;
  update(
    caller: { userId: string; ip: string },
    id: string,
    input: { amount?: string | undefined; purpose?: string | undefined; startOn?: string | undefined },
    authorise?: AuthoriseSeries,
  ): Promise<ScheduledTransfer>;
  cancel(caller: { userId: string; ip: string }, id: string): Promise<ScheduledTransfer>;
}

export function createScheduledService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditLog;
}): ScheduledService {
  const { db, clock, audit } = deps;

  async function runsOf(seriesIds: string[]): Promise<Map<string, RunRow[]>> {
    const byId = new Map<string, RunRow[]>();
    if (seriesIds.length === 0) return byId;
    // The newest few per series: a window, so a long series costs no more than a short one.
    const ranked = db
      .select({
        id: scheduledTransferRuns.id,
        rank: sql<number>`row_number() over (partition by ${scheduledTransferRuns.seriesId} order by ${scheduledTransferRuns.occurrence} desc)`.as(
          'rank',
        ),
      })
      .from(scheduledTransferRuns)
      .where(inArray(scheduledTransferRuns.seriesId, seriesIds))
      .as('ranked');
    const rows = await db
      .select({ run: scheduledTransferRuns })
      .from(scheduledTransferRuns)
      .innerJoin(ranked, eq(ranked.id, scheduledTransferRuns.id))
      .where(sql`${ranked.rank} <= ${SCHEDULED_RUNS_SHOWN_MAX}`)
      .orderBy(desc(scheduledTransferRuns.occurrence));
    for (const { run } of rows) byId.set(run.seriesId, [...(byId.get(run.seriesId) ?? []), run]);
    return byId;
  }

  async function ownSeries(tx: Tx, userId: string, id: string): Promise<SeriesRow> {
    const [row] = await tx
      .select()
      .from(scheduledTransfers)
      .where(and(eq(scheduledTransfers.id, id), eq(scheduledTransfers.userId, userId)))
      .for('update');
    // Another customer's series reads exactly like one that does not exist.
    if (!row) throw new AppError('SCHEDULED_TRANSFER_NOT_FOUND');
    return row;
  }

  async function withRuns(row: SeriesRow): Promise<ScheduledTransfer> {
    return toSeriesDto(row, (await runsOf([row.id])).get(row.id) ?? []);
  }

  return {
    async create(caller, { transfer, schedule }, key, authorise) {
      return runIdempotent(
        { db, clock },
        { scope: `${caller.userId}:scheduled-transfer`, key, request: { transfer, schedule } },
        async (tx) => {
          // The transfer's own checks, in the spec's order and words, as far as they can be
          // judged before the day comes: the amount, the recipient, not oneself. Funds and the
          // daily limit are judged on the day (a refusal then is a failed payment: decision 0159).
          const amountCents = positiveAmount(transfer.amount);
          if (amountCents === null) throw new Rejection('INVALID_TRANSFER_AMOUNT', 'amount');
          const sender = await loadCustomer(tx, { userId: caller.userId });
          if (!sender) throw new Rejection('USER_NOT_FOUND');
          if (sender.status !== 'active')
            throw new Rejection(sender.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
          const recipientAccount = transfer.recipientAccount.trim();
          const recipient = await loadCustomer(tx, { accountNumber: recipientAccount });
          const international = transfer.type === 'International Transfer';
          // Converted at the rate of the day it is sent, which a series cannot review ahead (decision 0158).
          if (international) throw new Rejection('SCHEDULED_INTERNATIONAL_UNSUPPORTED', 'type');
          if ((recipient === null || recipient.status === 'closed') && !international)
            throw new Rejection('RECIPIENT_NOT_FOUND', 'recipientAccount');
          if (recipientAccount === sender.accountNumber)
            throw new Rejection('SELF_TRANSFER', 'recipientAccount');
          // The name check now, as a transfer makes it (decision 0155): a close or no match needs the
          // customer's acceptance here, which every payment of the series then carries.
          decidePayeeCheck(
            transfer,
            recipient !== null && recipient.status !== 'closed' ? recipient.fullName : null,
          );

          const today = isoDay(clock.now());
          if (schedule.startOn < today || schedule.startOn > addDays(today, SCHEDULED_START_DAYS_AHEAD_MAX))
            throw new Rejection('SCHEDULED_START_INVALID', 'startOn');
          if (
            typeof schedule.endOn === 'string' &&
            (schedule.endOn < schedule.startOn ||
              schedule.endOn > addDays(today, SCHEDULED_END_DAYS_AHEAD_MAX))
          )
            throw new Rejection('SCHEDULED_END_INVALID', 'endOn');
          if (occurrenceTotal(schedule) > SCHEDULED_OCCURRENCES_MAX)
            throw new Rejection('SCHEDULED_TOO_MANY_OCCURRENCES', 'endOn');

          // One creation per customer at a time (their profile row), so two at once cannot both
          // slip under the limit.
          await tx
            .select({ userId: profiles.userId })
            .from(profiles)
            .where(eq(profiles.userId, caller.userId))
            .for('update');
          const [counted] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(scheduledTransfers)
            .where(
              and(eq(scheduledTransfers.userId, caller.userId), eq(scheduledTransfers.status, 'active')),
            );
          if ((counted?.n ?? 0) >= SCHEDULED_SERIES_ACTIVE_MAX)
            throw new Rejection('SCHEDULED_TRANSFERS_LIMIT');

          if (authorise) await authorise(tx, transfer);

          const now = clock.now();
          const [row] = await tx
            .insert(scheduledTransfers)
            .values({
              userId: caller.userId,
              type: transfer.type,
              recipientAccount,
              recipientName: transfer.recipientName,
              bankName: transfer.bankName || BANK_DISPLAY_NAME,
              routingNumber: transfer.routingNumber ?? null,
              internationalDetails:
                (transfer.internationalDetails as Record<string, unknown> | undefined) ?? null,
              amountCents,
              purpose: transfer.purpose,
              payeeRiskAccepted: transfer.confirmPayeeRisk === true,
              frequency: schedule.frequency,
              startOn: schedule.startOn,
              endOn: schedule.endOn ?? null,
              occurrenceCount: schedule.frequency === 'once' ? 1 : (schedule.count ?? null),
              nextOccurrence: 1,
              nextRunOn: schedule.startOn,
              status: 'active',
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!row) throw new Error('scheduled_transfers insert returned no row');
          await audit.record(tx, {
            action: 'scheduled_transfer.create',
            outcome: 'success',
            actorId: caller.userId,
            actorRole: 'user',
            subjectType: 'scheduled_transfer',
            subjectId: row.id,
            ip: caller.ip,
            details: {
              amount: formatCents(amountCents),
              recipientAccount,
              frequency: schedule.frequency,
              startOn: schedule.startOn,
              endOn: schedule.endOn ?? null,
              count: row.occurrenceCount,
            },
          });
          return { statusCode: 201, body: toSeriesDto(row, []) };
        },
      );
    },

    async list(userId, query) {
      const limit = query.limit ?? SCHEDULED_PAGE_SIZE_DEFAULT;
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select()
        .from(scheduledTransfers)
        .where(
          and(
            eq(scheduledTransfers.userId, userId),
            query.status === 'active' ? eq(scheduledTransfers.status, 'active') : undefined,
            after
              ? or(
                  lt(scheduledTransfers.createdAt, after.createdAt),
                  and(eq(scheduledTransfers.createdAt, after.createdAt), lt(scheduledTransfers.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(scheduledTransfers.createdAt), desc(scheduledTransfers.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const runs = await runsOf(page.map((row) => row.id));
      const last = page.at(-1);
      return {
        items: page.map((row) => toSeriesDto(row, runs.get(row.id) ?? [])),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    async update(caller, id, input, authorise) {
      const row = await db.transaction(async (tx) => {
        const series = await ownSeries(tx, caller.userId, id);
        if (series.status !== 'active') throw new AppError('SCHEDULED_TRANSFER_ENDED');
        const now = clock.now();
        // A payment in flight was read with the old amount; changing it under it would make a
        // retry of that payment a different request.
        if (series.claimedUntil && series.claimedUntil > now) throw new AppError('SCHEDULED_TRANSFER_BUSY');
        let amountCents = series.amountCents;
        if (input.amount !== undefined) {
          const parsed = positiveAmount(input.amount);
          if (parsed === null) throw new AppError('INVALID_TRANSFER_AMOUNT', { field: 'amount' });
          amountCents = parsed;
        }
        const purpose = input.purpose ?? series.purpose;
        const startOn = input.startOn ?? series.startOn;
        if (startOn !== series.startOn) checkNewStart(series, startOn, isoDay(now));
        if (authorise && amountCents !== series.amountCents) {
          await authorise(tx, {
            type: series.type as TransferType,
            recipientAccount: series.recipientAccount,
            recipientName: series.recipientName,
            bankName: series.bankName,
            routingNumber: series.routingNumber,
            amount: formatCents(amountCents),
            purpose,
            internationalDetails: (series.internationalDetails ?? undefined) as
              InternationalDetails | undefined,
          });
        }
        const [updated] = await tx
          .update(scheduledTransfers)
          // Before its first payment nextOccurrence is 1 (checkNewStart), so the next day is the start.
          .set({
            amountCents,
            purpose,
            startOn,
            nextRunOn: startOn === series.startOn ? series.nextRunOn : startOn,
            updatedAt: now,
          })
          .where(eq(scheduledTransfers.id, series.id))
          .returning();
        if (!updated) throw new Error('scheduled_transfers update returned no row');
        await audit.record(tx, {
          action: 'scheduled_transfer.update',
          outcome: 'success',
          actorId: caller.userId,
          actorRole: 'user',
          subjectType: 'scheduled_transfer',
          subjectId: series.id,
          ip: caller.ip,
          details: {
            before: {
              amount: formatCents(series.amountCents),
              purpose: series.purpose,
              startOn: series.startOn,
            },
            after: { amount: formatCents(amountCents), purpose, startOn },
          },
        });
        return updated;
      });
      return withRuns(row);
    },

    async cancel(caller, id) {
      const row = await db.transaction(async (tx) => {
        const series = await ownSeries(tx, caller.userId, id);
        if (series.status !== 'active') throw new AppError('SCHEDULED_TRANSFER_ENDED');
        const now = clock.now();
        const [cancelled] = await tx
          .update(scheduledTransfers)
          .set({ status: 'cancelled', nextRunOn: null, cancelledAt: now, updatedAt: now })
          .where(eq(scheduledTransfers.id, series.id))
          .returning();
        if (!cancelled) throw new Error('scheduled_transfers update returned no row');
        await audit.record(tx, {
          action: 'scheduled_transfer.cancel',
          outcome: 'success',
          actorId: caller.userId,
          actorRole: 'user',
          subjectType: 'scheduled_transfer',
          subjectId: series.id,
          ip: caller.ip,
          details: { nextOccurrence: series.nextOccurrence, nextRunOn: series.nextRunOn },
        });
        return cancelled;
      });
      return withRuns(row);
    },
  };
}
