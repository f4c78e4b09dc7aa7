import crypto from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { errorCatalogue, formatCents, isoDay, type TransferType } from '@larkspur/contract';
import type { Database } from '../../db/client';
import { scheduledTransferRuns, scheduledTransfers } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createPeriodicJob, type JobLogger } from '../../lib/periodic-job';
import type { AuditLog } from '../audit/index';
import type { EmailBrand, Outbox } from '../email/index';
import type { BankingService, TransferInput } from '../ledger/index';
import { loadCustomer } from '../ledger/index';
import type { StoredAnswer } from '../../lib/idempotency';
import { renderFailedPayment } from './failed-payment-email';
import { seriesDay, type SeriesRow } from './scheduled-service';

/**
 * The scheduler (issue 18, decision 0159). Every instance runs it. A pass claims one due series
 * at a time (`FOR UPDATE SKIP LOCKED`, then a lease: `claim_token`, `claimed_until`), pays its
 * next occurrence through the same transfer use case as POST /api/transfers with a deterministic
 * idempotency key, then, in one transaction guarded by the claim token, records the outcome and
 * moves the series on. Exactly once:
 * - the paid occurrence's run row is written inside the transfer's own transaction, and
 *   (series, occurrence) is unique: a payment and its row commit together or not at all, and a
 *   second payment of one occurrence cannot commit;
 * - an instance killed between the payment and the bookkeeping leaves a lease that runs out;
 *   the next instance pays again with the same key, which replays the stored answer (or, if the
 *   key has expired, finds the run row), and does the bookkeeping;
 * - a refusal (insufficient funds, the daily limit, a recipient gone …) is stored with the key
 *   too, so a retry sees the same refusal; it is recorded as a failed run, the customer is
 *   emailed (in the same transaction, through the outbox), and the series goes on.
 */

/** How often each instance looks for due payments. Payments fall due at 00:00 UTC. */
export const SCHEDULER_INTERVAL_MS = 30_000;
/** Payments one pass makes at most; a backlog drains over the next passes. */
export const SCHEDULER_PASS_MAX = 200;
/** How long a claim keeps other instances off a series; a killed instance's claim runs out. */
export const SCHEDULED_CLAIM_LEASE_MS = 2 * 60_000;

/** The idempotency key of one occurrence. `:` is outside the header's alphabet: no client can send it. */
export function occurrenceKey(seriesId: string, occurrence: number): string {
  return `scheduled:${seriesId}:${occurrence}`;
}

export interface Claim {
  series: SeriesRow;
  token: string;
  occurrence: number;
  dueOn: string;
}

type Outcome =
  | { kind: 'paid'; transactionId: string | null }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'ended' };

export interface SchedulerPass {
  paid: number;
  failed: number;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** One pass at the clock's time. Tests and the test clock call this instead of `start()`. */
  runOnce(): Promise<SchedulerPass>;
  /** The parts of a pass, for tests that stop between them (a killed instance). */
  claimDue(now: Date): Promise<Claim | null>;
  pay(claim: Claim): Promise<Outcome>;
  finish(claim: Claim, outcome: Outcome): Promise<boolean>;
}

export function transferOf(series: SeriesRow): TransferInput {
  return {
    type: series.type as TransferType,
    recipientAccount: series.recipientAccount,
    recipientName: series.recipientName,
    bankName: series.bankName,
    routingNumber: series.routingNumber,
    amount: formatCents(series.amountCents),
    purpose: series.purpose,
    confirmPayeeRisk: series.payeeRiskAccepted,
    ...(series.internationalDetails
      ? {
          internationalDetails:
            series.internationalDetails as unknown as TransferInput['internationalDetails'],
        }
      : {}),
  };
}

export function createScheduler(deps: {
  db: Database;
  clock: Clock;
  banking: BankingService;
  audit: AuditLog;
  outbox: Outbox;
  brand: EmailBrand;
  logger: JobLogger;
  nudgeOutbox?: () => void;
  intervalMs?: number;
  /** SCHEDULED_CLAIM_LEASE_MS unless configured (SCHEDULED_CLAIM_LEASE_SECONDS). */
  claimLeaseMs?: number;
}): Scheduler {
  const claimLeaseMs = deps.claimLeaseMs ?? SCHEDULED_CLAIM_LEASE_MS;
  const { db, clock, banking, audit, outbox, brand, logger } = deps;

  async function claimDue(now: Date): Promise<Claim | null> {
    return db.transaction(async (tx) => {
      const [series] = await tx
        .select()
        .from(scheduledTransfers)
        .where(
          and(
            eq(scheduledTransfers.status, 'active'),
            lte(scheduledTransfers.nextRunOn, isoDay(now)),
            or(isNull(scheduledTransfers.claimedUntil), lt(scheduledTransfers.claimedUntil, now)),
          ),
        )
        .orderBy(asc(scheduledTransfers.nextRunOn), asc(scheduledTransfers.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!series || series.nextRunOn === null) return null;
      const token = crypto.randomUUID();
      await tx
        .update(scheduledTransfers)
        .set({ claimToken: token, claimedUntil: new Date(now.getTime() + claimLeaseMs) })
        .where(eq(scheduledTransfers.id, series.id));
      return { series, token, occurrence: series.nextOccurrence, dueOn: series.nextRunOn };
    });
  }

  async function runExists(claim: Claim): Promise<boolean> {
    const rows = await db
      .select({ id: scheduledTransferRuns.id })
      .from(scheduledTransferRuns)
      .where(
        and(
          eq(scheduledTransferRuns.seriesId, claim.series.id),
          eq(scheduledTransferRuns.occurrence, claim.occurrence),
          eq(scheduledTransferRuns.status, 'succeeded'),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async function pay(claim: Claim): Promise<Outcome> {
    const { series } = claim;
    let answer: StoredAnswer;
    try {
      // No step-up here: the customer stepped up when creating the series, if the rule applied.
      answer = await banking.transfer(
        series.userId,
        transferOf(series),
        occurrenceKey(series.id, claim.occurrence),
        {
          // Cancelled since the claim, a series never pays again (SCHEDULED_TRANSFER_ENDED); the
          // run row commits with the payment, or not at all (unique per occurrence).
          scheduled: {
            seriesId: series.id,
            occurrence: claim.occurrence,
            dueOn: claim.dueOn,
            amountCents: series.amountCents,
          },
        },
      );
    } catch (error) {
      // A first refusal arrives as an AppError; a replayed one as a stored answer (below).
      if (error instanceof AppError) {
        answer = {
          statusCode: error.statusCode,
          body: { error: { code: error.code, message: error.message } },
        };
      } else if (await runExists(claim)) {
        // The occurrence's key had expired and it was paid before: its run row refused a second.
        return { kind: 'paid', transactionId: null };
      } else {
        throw error;
      }
    }
    if (answer.statusCode < 300) {
      const body = answer.body as { transaction?: { transactionId?: string } };
      return { kind: 'paid', transactionId: body.transaction?.transactionId ?? null };
    }
    if (await runExists(claim)) return { kind: 'paid', transactionId: null };
    const refusal = (answer.body as { error?: { code?: string; message?: string } }).error;
    const code = refusal?.code ?? 'INTERNAL';
    if (code === 'SCHEDULED_TRANSFER_ENDED') return { kind: 'ended' };
    return { kind: 'refused', code, message: refusal?.message ?? errorCatalogue.INTERNAL.message };
  }

  async function finish(claim: Claim, outcome: Outcome): Promise<boolean> {
    let emailed = false;
    const finished = await db.transaction(async (tx) => {
      const [series] = await tx
        .select()
        .from(scheduledTransfers)
        .where(
          and(eq(scheduledTransfers.id, claim.series.id), eq(scheduledTransfers.claimToken, claim.token)),
        )
        .for('update');
      // Our lease ran out and another instance took the series over: it does the bookkeeping.
      if (!series) return false;
      const now = clock.now();
      const active = series.status === 'active' && series.nextOccurrence === claim.occurrence;
      const next = claim.occurrence + 1;
      const nextRunOn = active ? seriesDay(series, next) : series.nextRunOn;

      if (outcome.kind === 'paid' && outcome.transactionId !== null) {
        await tx
          .update(scheduledTransferRuns)
          .set({ transactionId: outcome.transactionId })
          .where(
            and(
              eq(scheduledTransferRuns.seriesId, series.id),
              eq(scheduledTransferRuns.occurrence, claim.occurrence),
            ),
          );
      }
      let failedRecorded = false;
      if (outcome.kind === 'refused' && active) {
        const inserted = await tx
          .insert(scheduledTransferRuns)
          .values({
            seriesId: series.id,
            occurrence: claim.occurrence,
            dueOn: claim.dueOn,
            status: 'failed',
            amountCents: series.amountCents,
            errorCode: outcome.code,
            errorMessage: outcome.message,
            ranAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: scheduledTransferRuns.id });
        failedRecorded = inserted.length > 0;
        if (failedRecorded) {
          const customer = await loadCustomer(tx, { userId: series.userId });
          if (customer) {
            await outbox.enqueueEmail(tx, {
              to: customer.email,
              ...renderFailedPayment(
                {
                  to: customer.email,
                  name: customer.fullName,
                  amountCents: series.amountCents,
                  recipientName: series.recipientName,
                  recipientAccount: series.recipientAccount,
                  dueOn: claim.dueOn,
                  reason: outcome.message,
                  nextRunOn,
                  date: now,
                },
                brand,
              ),
            });
            emailed = true;
          }
        }
      }
      if (outcome.kind === 'paid' || failedRecorded) {
        await audit.record(tx, {
          action: 'scheduled_transfer.run',
          outcome: outcome.kind === 'paid' ? 'success' : 'failure',
          actorId: series.userId,
          actorRole: 'system',
          subjectType: 'scheduled_transfer',
          subjectId: series.id,
          reason: outcome.kind === 'refused' ? outcome.message : null,
          details: {
            occurrence: claim.occurrence,
            dueOn: claim.dueOn,
            amount: formatCents(series.amountCents),
            ...(outcome.kind === 'paid' ? { transactionId: outcome.transactionId } : {}),
            ...(outcome.kind === 'refused' ? { code: outcome.code } : {}),
          },
        });
      }
      await tx
        .update(scheduledTransfers)
        .set(
          active
            ? nextRunOn === null
              ? {
                  status: 'finished',
                  nextOccurrence: next,
                  nextRunOn: null,
                  claimToken: null,
                  claimedUntil: null,
                  updatedAt: now,
                }
              : { nextOccurrence: next, nextRunOn, claimToken: null, claimedUntil: null, updatedAt: now }
            : { claimToken: null, claimedUntil: null },
        )
        .where(eq(scheduledTransfers.id, series.id));
      return true;
    });
    if (emailed) deps.nudgeOutbox?.();
    return finished;
  }

  async function runOnce(): Promise<SchedulerPass> {
    const pass: SchedulerPass = { paid: 0, failed: 0 };
    for (let i = 0; i < SCHEDULER_PASS_MAX; i += 1) {
      const claim = await claimDue(clock.now());
      if (!claim) break;
      const outcome = await pay(claim);
      await finish(claim, outcome);
      if (outcome.kind === 'paid') pass.paid += 1;
      if (outcome.kind === 'refused') pass.failed += 1;
    }
    if (pass.paid + pass.failed > 0) logger.info(pass, 'scheduled payments made');
    return pass;
  }

  return {
    ...createPeriodicJob({
      runOnce,
      intervalMs: deps.intervalMs ?? SCHEDULER_INTERVAL_MS,
      logger,
      failureMessage: 'scheduled payments failed; next run retries',
    }),
    runOnce,
    claimDue,
    pay,
    finish,
  };
}
