import type { DbOrTx } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { OutgoingEmail } from './transport';

export interface Outbox {
  /**
   * Queues an email inside the caller's own transaction: it exists exactly when the caller's
   * change (a money movement) commits, and is sent by the outbox worker afterwards. Call
   * `worker.nudge()` after the commit to send it without waiting for the next poll.
   */
  enqueueEmail(tx: DbOrTx, message: OutgoingEmail): Promise<{ id: number }>;
  /** `enqueueEmail` for several messages in one statement; the ids come back in message order. */
  enqueueEmails(tx: DbOrTx, messages: OutgoingEmail[]): Promise<{ id: number }[]>;
  /**
   * The INSERT that `enqueueEmails` runs, for a caller that runs it inside a statement of its own
   * (a money movement writes its alerts in the statement that posts it: decision 0017).
   */
}

export function createOutbox(deps: { clock: Clock }): Outbox {
  const insert = (tx: DbOrTx, messages: OutgoingEmail[]) => {
    const now = deps.clock.now();
    return tx.insert(outboxMessages).values(
      messages.map((message) => ({
        toEmail: message.to,
        template: message.template,
        subject: message.subject,
        html: message.html,
        text: message.text,
        params: message.params,
        createdAt: now,
        nextAttemptAt: now,
      })),
    );
  };
  const enqueueEmails: Outbox['enqueueEmails'] = async (tx, messages) => {
    if (messages.length === 0) return [];
    const rows = await insert(tx, messages).returning({ id: outboxMessages.id });
    if (rows.length !== messages.length) throw new Error('outbox insert returned too few rows');
    // Identity values are drawn in VALUES order; RETURNING's row order is not promised.
    return rows
      .map((row) => row.id)
      .sort((a, b) => a - b)
      .map((id) => ({ id }));
  };
  return {
    enqueueEmails,
    async enqueueEmail(tx, message) {
      const [row] = await enqueueEmails(tx, [message]);
      if (!row) throw new Error('outbox insert returned no row');
      return row;
    },
  };
}
