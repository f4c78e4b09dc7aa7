import type { EmailLogger, EmailTransport, OutgoingEmail, SendResult } from '../modules/email/index';

/**
 * Test doubles for the email module (used by its tests and by other modules' tests). Real
 * transports are tested against real local peers in their own files.
 */

export interface RecordingTransport extends EmailTransport {
  /** Every message handed to `send`, in order, whatever the answer. */
  readonly attempts: OutgoingEmail[];
  /** The messages that were accepted. */
  readonly sent: OutgoingEmail[];
  /** Answers the next `times` sends with `result` instead of accepting them. */
  failNext(result: SendResult, times?: number): void;
  /** Decides per message (overrides `failNext`); return undefined to accept. */
  answerWith(
    decide: ((message: OutgoingEmail) => SendResult | undefined | Promise<SendResult | undefined>) | null,
  ): void;
}

export function createRecordingTransport(name = 'recording'): RecordingTransport {
  const attempts: OutgoingEmail[] = [];
  const sent: OutgoingEmail[] = [];
  const queued: SendResult[] = [];
  let decide: ((message: OutgoingEmail) => SendResult | undefined | Promise<SendResult | undefined>) | null =
    null;
  return {
    name,
    attempts,
    sent,
    failNext(result, times = 1) {
      for (let i = 0; i < times; i += 1) queued.push(result);
    },
    answerWith(fn) {
      decide = fn;
    },
    async send(message) {
      attempts.push(message);
      const result = decide ? await decide(message) : queued.shift();
      if (result && !result.ok) return result;
      sent.push(message);
      return { ok: true };
    },
  };
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  details: object;
  message: string;
}

export function createRecordingLogger(): EmailLogger & { lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const record = (level: LogLine['level']) => (details: object, message: string) => {
    lines.push({ level, details, message });
  };
  return {
    lines,
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    /** Everything logged, as one string, to check what never appears in a log. */
    text: () => lines.map((line) => `${line.message} ${JSON.stringify(line.details)}`).join('\n'),
  };
}

/** A promise with its resolve function outside, to hold a send open. */
export function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
