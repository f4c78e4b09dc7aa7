import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { isDatabaseUnavailable } from '../../db/unavailable';
import {
  failure,
  outboxMessageId,
  type EmailLogger,
  type EmailTransport,
  type OutboundEmail,
  type SendResult,
} from './transport';
import { renderStoredEmail } from './money-alert-template';
import { type EmailBrand } from './email-layout';
import { takeFromWindows, windowEndOf } from '../../lib/rate-counter';
import { renderMoneyAlertsPausedNotice } from './account-templates';
import { createOutbox } from './outbox';

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

/**
 * A run that fails (the database unavailable: restart, failover) waits this long before the next,
 * doubling with every failure in a row up to the cap, and back to the poll interval after a run
 * that works: an outage is not hammered with claims, and the worker never gives up or exits.
 */
export const OUTBOX_RUN_BACKOFF_MIN_MS = 1_000;
export const OUTBOX_RUN_BACKOFF_MAX_MS = 60_000;

/** The wait after `failures` failed runs in a row (1-based). */
export function outboxRunBackoffMs(
  failures: number,
  minMs = OUTBOX_RUN_BACKOFF_MIN_MS,
  maxMs = OUTBOX_RUN_BACKOFF_MAX_MS,
): number {
  return Math.min(minMs * 2 ** Math.max(0, failures - 1), maxMs);
}

/** The wait after failed attempt number `attempt` (1-based). */
export function outboxRetryDelayMs(attempt: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_RETRY_DELAY_MAX_MS);
}

/**
 * The window of the bound on money alerts to one address (decision 0194): at most the configured
 * number an hour are emailed, then one notice, then none until the hour ends.
 */
export const MONEY_ALERT_WINDOW_MS = 3_600_000;

export interface OutboxRunResult {
  claimed: number;
  sent: number;
  /** Money alerts past their address's hourly bound: kept, not emailed (decision 0194). */
  suppressed: number;
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
  /** To render the messages stored as template + fields (decision 0147); the app always passes it. */
  brand?: EmailBrand;
  batchSize?: number;
  pollIntervalMs?: number;
  /** Tests shorten the back-off after failed runs. */
  runBackoff?: { minMs: number; maxMs: number };
  /** Money alerts emailed to one address an hour (decision 0194); unbounded when unset. */
  alertEmailsPerHour?: number;
}): OutboxWorker {
  const { db, transport, clock, logger } = deps;
  const batchSize = deps.batchSize ?? OUTBOX_BATCH_SIZE;
  const pollIntervalMs = deps.pollIntervalMs ?? OUTBOX_POLL_INTERVAL_MS;
  const runBackoff = deps.runBackoff ?? {
    minMs: OUTBOX_RUN_BACKOFF_MIN_MS,
    maxMs: OUTBOX_RUN_BACKOFF_MAX_MS,
  };

  /**
   * One statement: lock due rows other workers have not locked (SKIP LOCKED, so instances never
   * wait on each other or take the same row), stamp a lease and count the attempt. Counting at
   * claim time means a message that crashes its worker still runs out of attempts rather than
   * crashing every worker forever.
   */
  async function claim(): Promise<ClaimedMessage[]> {
    const now = clock.now();
    const due = db
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
    const claimed = await db
      .update(outboxMessages)
      .set({
        leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
        attempts: sql`${outboxMessages.attempts} + 1`,
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
    // RETURNING's order is not promised; mail goes out oldest first.
    return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
  }

  // The same id on every delivery of a row: a row sent twice (at least once) is one email. A row
  // stored as template + fields (a money alert, decision 0147) is rendered here, as it is sent.
  const outgoing = (message: ClaimedMessage): OutboundEmail => ({
    messageId: outboxMessageId(message),
    to: message.toEmail,
    template: message.template,
    ...(deps.brand
      ? renderStoredEmail(message, deps.brand)
      : { subject: message.subject, html: message.html, text: message.text, params: message.params }),
  });
  // Transports return their failures; a throw is a bug, but it must not stall the outbox.
  const threw = (error: unknown) =>
    failure(true, `transport ${transport.name} threw: ${(error as Error).name}`);

  /** A result per message, in order: one batch when the transport takes batches, else in parallel. */
  async function sendAll(messages: ClaimedMessage[]): Promise<SendResult[]> {
    if (transport.sendBatch) {
      try {
        const results = await transport.sendBatch(messages.map(outgoing));
        if (results.length === messages.length) return results;
        return messages.map(() => failure(true, `transport ${transport.name} answered a batch short`));
      } catch (error) {
        return messages.map(() => threw(error));
      }
    }
    // In parallel: one slow or failing message does not hold up the rest of the batch.
    return Promise.all(
      messages.map(async (message) => {
        try {
          return await transport.send(outgoing(message));
        } catch (error) {
          return threw(error);
        }
      }),
    );
  }

  /**
   * Records a failed attempt: another try later, or failed for good. Only the holder of this claim
   * may settle it: a claim after an expired lease bumps attempts.
   */
  async function settleFailure(
    message: ClaimedMessage,
    result: SendResult & { ok: false },
  ): Promise<Outcome> {
    const now = clock.now();
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
      // message is tried again.
      logger.error({ ...details, err: error }, 'could not record the outcome of an email delivery');
      return 'retried';
    }
  }

  /** Marks the batch's delivered messages sent, in one statement (those this claim still holds). */
  async function settleSent(messages: ClaimedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const claims = sql.join(
      messages.map((message) => sql`(${message.id}::bigint, ${message.attempts}::int)`),
      sql`, `,
    );
    try {
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: clock.now(), leaseUntil: null, lastError: null })
        .where(
          and(
            eq(outboxMessages.status, 'pending'),
            sql`(${outboxMessages.id}, ${outboxMessages.attempts}) in (${claims})`,
          ),
        );
    } catch (error) {
      // The outcome could not be recorded (database unavailable): the lease runs out and the
      // messages are tried again, so at worst they are sent twice, never lost.
      logger.error(
        { outboxIds: messages.map((message) => message.id), transport: transport.name, err: error },
        'could not record the delivery of emails',
      );
    }
  }

  const outbox = createOutbox({ clock });

  /**
   * Decision 0194: a money alert's first attempt counts against its address's hour, in the
   * database (so every instance's worker shares the count). Within the bound it is sent; the one
   * just past it becomes a single notice; the rest are kept as `suppressed`, unsent — the money and
   * its records are untouched, only the email is not sent. A retry was counted the first time.
   */
  async function boundAlerts(claimed: ClaimedMessage[]): Promise<ClaimedMessage[]> {
    const bound = deps.alertEmailsPerHour;
    if (bound === undefined) return claimed;
    const toSend: ClaimedMessage[] = [];
    for (const message of claimed) {
      if (message.template !== 'money-alert' || message.attempts !== 1) {
        toSend.push(message);
        continue;
      }
      const now = clock.now();
      const taken = await takeFromWindows(db, now, [
        { key: `alert:${message.toEmail.toLowerCase()}`, lengthMs: MONEY_ALERT_WINDOW_MS, max: bound + 1 },
      ]);
      const count = taken.granted ? (taken.counts[0] ?? 0) : bound + 2;
      if (count <= bound) {
        toSend.push(message);
        continue;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(outboxMessages)
          .set({ status: 'suppressed', leaseUntil: null, sentAt: now })
          .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts)));
        if (count === bound + 1 && deps.brand) {
          const notice = renderMoneyAlertsPausedNotice(
            {
              to: message.toEmail,
              now,
              alertsSent: bound,
              resumesAt: windowEndOf(now, MONEY_ALERT_WINDOW_MS),
            },
            deps.brand,
          );
          await outbox.enqueueEmail(tx, { to: message.toEmail, ...notice });
        }
      });
      logger.warn(
        { outboxId: message.id, template: message.template, alertsThisHour: count - 1 },
        'money alert not emailed: the address has had its hour of alerts',
      );
    }
    return toSend;
  }

  async function runOnce(): Promise<OutboxRunResult> {
    const all = await claim();
    const claimed = await boundAlerts(all);
    const results = claimed.length === 0 ? [] : await sendAll(claimed);
    const sent = claimed.filter((_, i) => results[i]?.ok === true);
    const [, ...failures] = await Promise.all([
      settleSent(sent),
      ...claimed.flatMap((message, i) => {
        const result = results[i];
        return result && !result.ok ? [settleFailure(message, result)] : [];
      }),
    ]);
    return {
      claimed: all.length,
      sent: sent.length,
      suppressed: all.length - claimed.length,
      retried: failures.filter((o) => o === 'retried').length,
      failed: failures.filter((o) => o === 'failed').length,
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

  /** Failed runs in a row; the next wait grows with it. */
  let failedRuns = 0;

  async function tick(): Promise<void> {
    let full: boolean;
    try {
      const result = await runOnce();
      full = result.claimed === batchSize;
      failedRuns = 0;
    } catch (error) {
      failedRuns += 1;
      const retryInMs = outboxRunBackoffMs(failedRuns, runBackoff.minMs, runBackoff.maxMs);
      // An outage is expected weather (warn, no stack); anything else is a bug worth an error.
      if (isDatabaseUnavailable(error)) {
        logger.warn({ failedRuns, retryInMs }, 'outbox worker: the database is unavailable; will try again');
      } else {
        logger.error({ err: error, failedRuns, retryInMs }, 'outbox worker run failed; will try again');
      }
      if (stopped) return;
      // A nudge does not cut the back-off short: the database is what we are waiting for.
      wakeRequested = false;
      schedule(retryInMs);
      return;
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
      } else if (timer !== null && failedRuns === 0) {
        // While backing off from an outage the nudged mail waits for the next run like the rest.
        clearTimeout(timer);
        schedule(0);
      }
    },
  };
}
