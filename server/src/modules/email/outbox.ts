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
}

export function createOutbox(deps: { clock: Clock }): Outbox {
  return {
    async enqueueEmail(tx, message) {
      const now = deps.clock.now();
      const [row] = await tx
        .insert(outboxMessages)
        .values({
          toEmail: message.to,
          template: message.template,
          subject: message.subject,
          html: message.html,
          text: message.text,
          params: message.params,
          createdAt: now,
          nextAttemptAt: now,
        })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('outbox insert returned no row');
      return { id: row.id };
    },
  };
}
