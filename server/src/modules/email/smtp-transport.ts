import nodemailer from 'nodemailer';
import { failure, type EmailTransport, type SendResult } from './transport';

/** How long to wait for the TCP (and TLS) connection to the SMTP server. */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
/** How long to wait for the server's greeting once connected. */
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
/** Longest silence allowed on an open connection before the send counts as failed. */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;
/** Connections kept open to the relay; the outbox sends a batch at a time. */
export const SMTP_CONNECTIONS_MAX = 3;

interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * RFC 5321: a 5yz reply is a permanent rejection of this message (unknown mailbox, refused
 * content), a 4yz reply is transient. 503 is a session-state hiccup. Authentication failures are
 * 5yz too, but they are a configuration problem of ours that an operator fixes for every message
 * at once, so they are retried rather than failing the whole backlog.
 */
export function classifySmtpError(error: unknown): SendResult {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const detail = [e.code, e.responseCode, e.message ?? String(error)]
    .filter((x) => x !== undefined)
    .join(' ');
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') {
    return failure(true, `SMTP authentication failed (check the user and password in SMTP_URL): ${detail}`);
  }
  const status = e.responseCode;
  if (status !== undefined) {
    return status >= 500 && status < 600 && status !== 503
      ? failure(false, `SMTP server rejected the message permanently: ${detail}`)
      : failure(true, `SMTP server deferred the message: ${detail}`);
  }
  // Without a server reply: a malformed envelope or configuration fails the same way every time;
  // anything else (refused connection, timeout, TLS) is the network and may pass later.
  if (e.code === 'EENVELOPE' || e.code === 'ECONFIG') return failure(false, `SMTP: ${detail}`);
  return failure(true, `SMTP: ${detail}`);
}

/** Sends through any SMTP relay named by a connection URL (smtp:// with STARTTLS, or smtps://). */
export function createSmtpTransport(options: {
  url: string;
  from: { name: string; address: string };
}): EmailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS_MAX,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  // RFC 5322 wants the Message-ID's right-hand side to be ours: the sender's domain.
  const domain = options.from.address.split('@').at(-1) || 'localhost';
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // The outbox delivers at least once: a resent row carries the same Message-ID, which
          // relays and mail clients deduplicate on (decision 0105).
          messageId: `<${message.messageId}@${domain}>`,
        });
        return { ok: true };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
