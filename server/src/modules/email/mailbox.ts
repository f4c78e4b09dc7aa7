import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailboxMessages } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { failure, type EmailTransport, type OutboundEmail, type SendResult } from './transport';

/**
 * The development mailbox: a transport that "delivers" by storing the mail in the database, and
 * the reads the /dev/mailbox page and its JSON twin need. It shows everyone's codes to anyone who
 * can reach it, which is why it is only the default in embedded mode and start-up warns about it.
 */

/** Messages per page on /dev/mailbox. */
export const MAILBOX_PAGE_SIZE = 20;
/** Most messages GET /api/dev/mailbox returns for one address. */
export const MAILBOX_API_LIMIT_MAX = 50;

export type MailboxMessage = typeof mailboxMessages.$inferSelect;
export type MailboxSummary = Omit<MailboxMessage, 'html' | 'messageId'>;

export interface Mailbox {
  transport: EmailTransport;
  /** Newest first; `beforeId` continues after the last message of the previous page. */
  listPage(options: { beforeId?: number; to?: string }): Promise<{
    messages: MailboxSummary[];
    nextBeforeId: number | null;
  }>;
  get(id: number): Promise<MailboxMessage | null>;
  /** The newest messages to one address (case-insensitive), newest first. */
  latestFor(to: string, limit: number): Promise<MailboxMessage[]>;
}

export function formatFromHeader(from: { name: string; address: string }): string {
  return from.name ? `${from.name} <${from.address}>` : from.address;
}

const recipientIs = (to: string) => eq(sql`lower(${mailboxMessages.toEmail})`, to.trim().toLowerCase());

export function createMailbox(deps: {
  db: Database;
  clock: Clock;
  from: { name: string; address: string };
}): Mailbox {
  const { db, clock } = deps;
  const fromAddress = formatFromHeader(deps.from);

  async function store(messages: OutboundEmail[]): Promise<SendResult[]> {
    try {
      const now = clock.now();
      // A message delivered again (at least once: decision 0105) is already here: accepted, once.
      await db
        .insert(mailboxMessages)
        .values(
          messages.map((message) => ({
            fromAddress,
            toEmail: message.to,
            subject: message.subject,
            html: message.html,
            text: message.text,
            messageId: message.messageId,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: mailboxMessages.messageId });
      return messages.map(() => ({ ok: true }));
    } catch (error) {
      // The database being briefly unavailable is worth another try; nothing else fails here.
      // Only the error's code: a query error's message quotes its parameters, i.e. the body.
      const e = error as Error & { cause?: { code?: string } };
      const result = failure(true, `mailbox could not store the message (${e.cause?.code ?? e.name})`);
      return messages.map(() => result);
    }
  }

  const transport: EmailTransport = {
    name: 'mailbox',
    async send(message) {
      const [result] = await store([message]);
      return result ?? failure(true, 'mailbox stored nothing');
    },
    sendBatch: (messages) => (messages.length === 0 ? Promise.resolve([]) : store(messages)),
  };

  return {
    transport,
    async listPage({ beforeId, to }) {
      const rows = await db
        .select({
          id: mailboxMessages.id,
          fromAddress: mailboxMessages.fromAddress,
          toEmail: mailboxMessages.toEmail,
          subject: mailboxMessages.subject,
          text: mailboxMessages.text,
          createdAt: mailboxMessages.createdAt,
        })
        .from(mailboxMessages)
        .where(
          and(
            beforeId === undefined ? undefined : lt(mailboxMessages.id, beforeId),
            to === undefined ? undefined : recipientIs(to),
          ),
        )
        .orderBy(desc(mailboxMessages.id))
        .limit(MAILBOX_PAGE_SIZE + 1);
      const messages = rows.slice(0, MAILBOX_PAGE_SIZE);
      const last = messages.at(-1);
      return { messages, nextBeforeId: rows.length > MAILBOX_PAGE_SIZE && last ? last.id : null };
    },
    async get(id) {
      const [row] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id));
      return row ?? null;
    },
    async latestFor(to, limit) {
      return db
        .select()
        .from(mailboxMessages)
        .where(recipientIs(to))
        .orderBy(desc(mailboxMessages.id))
        .limit(Math.min(limit, MAILBOX_API_LIMIT_MAX));
    },
  };
}
