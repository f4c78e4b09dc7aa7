import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { failure, type EmailLogger, type EmailTransport, type SendResult } from './transport';

/** Attempts before a message is marked failed (about four hours of trying with the backoff below). */
export const OUTBOX_ATTEMPTS_MAX = 10;
/** Messages claimed per run: bounds the work one instance holds and one claim transaction locks. */
export const OUTBOX_BATCH_SIZE = 10;
/** How often an idle worker looks for due mail; `nudge()` wakes it sooner. */
export const OUTBOX_POLL_INTERVAL_MS = 5_000;
/**
 * A claimed message belongs to its worker until then. Far longer than a batch can take (sends
 * run in parallel and every transport has a timeout), so a live worker never loses a message to
 * another; a crashed worker's messages are picked up again once it passes.
 */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** First retry after this; each later one waits twice as long, up to the cap. */
export const OUTBOX_RETRY_BASE_MS = 30_000;
export const OUTBOX_RETRY_DELAY_MAX_MS = 60 * 60_000;

/** The wait after failed attempt number `attempt` (1-based). */
export function outboxRetryDelayMs(attempt: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_RETRY_DELAY_MAX_MS);
}

export interface OutboxRunResult {
  claimed: number;
  sent: number;
  /** Failed this time, scheduled for another attempt. */
  retried: number;
  /** Failed for good: permanent rejection or out of attempts. */
  failed: number;
}

export interface OutboxWorker {
  /** Starts polling (the app calls this once it is ready). */
  start(): void;
  /** Stops polling and waits for the batch in flight, so no claimed message is left hanging. */
  stop(): Promise<void>;
  /** Claims and delivers one batch of due messages. Tests call this instead of `start()`. */
  runOnce(): Promise<OutboxRunResult>;
  /** Looks for mail now rather than at the next poll (call after committing an enqueue). */
  nudge(): void;
}

type ClaimedMessage = typeof outboxMessages.$inferSelect;
type Outcome = 'sent' | 'retried' | 'failed';

export function createOutboxWorker(deps: {
  db: Database;
  transport: EmailTransport;
  clock: Clock;
  logger: EmailLogger;
  batchSize?: number;
  pollIntervalMs?: number;
}): OutboxWorker {
  const { db, transport, clock, logger } = deps;
  const batchSize = deps.batchSize ?? OUTBOX_BATCH_SIZE;
  const pollIntervalMs = deps.pollIntervalMs ?? OUTBOX_POLL_INTERVAL_MS;

  /**
   * One short transaction: lock due rows other workers have not locked (SKIP LOCKED, so
   * instances never wait on each other or take the same row), stamp a lease and count the
   * attempt. Counting at claim time means a message that crashes its worker still runs out of
   * attempts rather than crashing every worker forever.
   */
  async function claim(): Promise<ClaimedMessage[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.status, 'pending'),
            lte(outboxMessages.nextAttemptAt, now),
            or(isNull(outboxMessages.leaseUntil), lte(outboxMessages.leaseUntil, now)),
          ),
        )
        .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxMessages)
        .set({
          leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
          attempts: sql`${outboxMessages.attempts} + 1`,
        })
        .where(
          inArray(
            outboxMessages.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function send(message: ClaimedMessage): Promise<SendResult> {
    try {
      return await transport.send({
        to: message.toEmail,
        template: message.template,
        subject: message.subject,
        html: message.html,
        text: message.text,
        params: message.params,
      });
    } catch (error) {
      // Transports return their failures; a throw is a bug, but it must not stall the outbox.
      return failure(true, `transport ${transport.name} threw: ${(error as Error).name}`);
    }
  }

  async function deliver(message: ClaimedMessage): Promise<Outcome> {
    const result = await send(message);
    const now = clock.now();
    // Only the holder of this claim may settle it: a claim after an expired lease bumps attempts.
    const stillOurs = and(
      eq(outboxMessages.id, message.id),
      eq(outboxMessages.status, 'pending'),
      eq(outboxMessages.attempts, message.attempts),
    );
    const details = {
      outboxId: message.id,
      template: message.template,
      attempt: message.attempts,
      transport: transport.name,
    };
    try {
      if (result.ok) {
        await db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: now, leaseUntil: null, lastError: null })
          .where(stillOurs);
        return 'sent';
      }
      if (result.retryable && message.attempts < OUTBOX_ATTEMPTS_MAX) {
        const delayMs = outboxRetryDelayMs(message.attempts);
        await db
          .update(outboxMessages)
          .set({
            leaseUntil: null,
            nextAttemptAt: new Date(now.getTime() + delayMs),
            lastError: result.reason,
          })
          .where(stillOurs);
        logger.warn(
          { ...details, reason: result.reason, retryInMs: delayMs },
          'email delivery failed; will retry',
        );
        return 'retried';
      }
      await db
        .update(outboxMessages)
        .set({ status: 'failed', leaseUntil: null, lastError: result.reason })
        .where(stillOurs);
      logger.error(
        { ...details, reason: result.reason, permanent: !result.retryable },
        'email delivery failed for good; it will not be retried',
      );
      return 'failed';
    } catch (error) {
      // The outcome could not be recorded (database unavailable): the lease runs out and the
      // message is tried again, so at worst it is sent twice, never lost.
      logger.error({ ...details, err: error }, 'could not record the outcome of an email delivery');
      return result.ok ? 'sent' : 'retried';
    }
  }

  async function runOnce(): Promise<OutboxRunResult> {
    const claimed = await claim();
    // In parallel: one slow or failing message does not hold up the rest of the batch.
    const outcomes = await Promise.all(claimed.map(deliver));
    const count = (outcome: Outcome) => outcomes.filter((o) => o === outcome).length;
    return {
      claimed: claimed.length,
      sent: count('sent'),
      retried: count('retried'),
      failed: count('failed'),
    };
  }

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let wakeRequested = false;

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      timer = null;
      inFlight = tick().finally(() => {
        inFlight = null;
      });
    }, delayMs);
  }

  async function tick(): Promise<void> {
    let full = false;
    try {
      const result = await runOnce();
      full = result.claimed === batchSize;
    } catch (error) {
      logger.error({ err: error }, 'outbox worker run failed; will try again');
    }
    if (stopped) return;
    // A full batch suggests a backlog: keep going without waiting.
    const again = full || wakeRequested;
    wakeRequested = false;
    schedule(again ? 0 : pollIntervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      // Restarted while the last batch is still running: that run schedules the next one.
      if (inFlight === null) schedule(0);
      else wakeRequested = true;
    },
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
    runOnce,
    nudge() {
      if (stopped) return;
      if (inFlight !== null) {
        wakeRequested = true;
      } else if (timer !== null) {
        clearTimeout(timer);
        schedule(0);
      }
    },
  };
}
