import crypto from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { renderVerificationCode } from './code-templates';
import { type EmailBrand } from './email-layout';
import {
  oneTimeCodeMessageId,
  type EmailLogger,
  type EmailTransport,
  type OutboundEmail,
  type OutgoingEmail,
  type SendResult,
} from './transport';

/** product §9: the customer is told the code works for 5 minutes. */
export const OTP_TTL_MS = 5 * 60_000;
/** Wrong tries before a code is dead (DESIGN §3). */
export const OTP_ATTEMPTS_MAX = 5;
/** Shortest wait between two codes (or notices) to one address for one purpose. */
export const OTP_RESEND_INTERVAL_MS = 30_000;
export const OTP_DIGITS = 6;
/** Longer input than this cannot be a code; it is counted as a wrong try without hashing it. */
const OTP_INPUT_LENGTH_MAX = 32;
/** Keyspace of the advisory locks that serialise code issue per purpose and address. */
const OTP_ADVISORY_LOCK_CLASS = 7301;

/**
 * What a code proves. `signup` and `admin_login` codes are keyed by the address they go to;
 * `password_reset` by the customer's address (or, when nothing matched, by the identifier typed:
 * a decoy no one receives), `email_change` by the customer and the new address together.
 * `step_up` approves one risky transfer (step-up/, decision 0137).
 */
export type OtpPurpose = 'signup' | 'admin_login' | 'password_reset' | 'email_change' | 'step_up';

/** What to do when a code was issued within OTP_RESEND_INTERVAL_MS: refuse (429) or quietly skip. */
export type OtpThrottleMode = 'refuse' | 'skip';

export type OtpVerifyResult =
  { status: 'ok' } | { status: 'invalid' } | { status: 'expired' } | { status: 'too_many_attempts' };

/** A refused code as the form shows it, under the code field: one mapping for every code entry. */
export function otpError(result: Exclude<OtpVerifyResult, { status: 'ok' }>): AppError {
  if (result.status === 'expired') return new AppError('OTP_EXPIRED', { field: 'code' });
  if (result.status === 'too_many_attempts') return new AppError('OTP_ATTEMPTS_EXCEEDED', { field: 'code' });
  return new AppError('OTP_INVALID', { field: 'code' });
}

export interface OtpService {
  /**
   * Emails a new code, synchronously: throws AppError('RATE_LIMITED') within the resend interval
   * and AppError('OTP_SEND_FAILED') when the transport fails (then nothing changed: an earlier
   * code still works). A new code replaces every earlier one for the purpose and address.
   */
  sendCode(purpose: OtpPurpose, email: string): Promise<{ expiresAt: Date }>;
  /**
   * Sends `message` where a code would have gone (sign-up for an address that already has an
   * account), with exactly the throttling and the verify answers a real code would get, so the
   * two cases cannot be told apart from outside. Throws like `sendCode`.
   */
  sendNotice(purpose: OtpPurpose, email: string, message: OutgoingEmail): Promise<{ expiresAt: Date }>;
  /**
   * Issues a code for a purpose and a key (see OtpPurpose), throttled like `sendCode`, and hands
   * it to `queue` inside the issuing transaction, so a code emailed through the outbox exists
   * exactly when its email does (and neither when the caller's own writes fail). `throttled`:
   * 'refuse' throws AppError('RATE_LIMITED') within the resend interval; 'skip' issues nothing and
   * returns null, for answers that must not show whether anything was sent (decision 0130).
   */
  issueQueued(
    purpose: OtpPurpose,
    key: string,
    queue: (tx: DbOrTx, code: string, expiresAt: Date) => Promise<void>,
    throttled: OtpThrottleMode,
  ): Promise<{ expiresAt: Date } | null>;
  /**
   * Checks a code; a correct code works once. Only the newest code counts. With `tx`, inside the
   * caller's transaction: the code's row stays locked, and its use commits (or not) with the
   * caller's change (sign-up verify, decision 0106); the caller must then commit a refusal too,
   * so that a wrong try stays counted.
   */
  verifyCode(purpose: OtpPurpose, email: string, code: string, tx?: DbOrTx): Promise<OtpVerifyResult>;
  /**
   * The code a request already used, shown again by that request's retry after an unknown outcome
   * (decision 0106), inside the caller's transaction: 'ok' only for the newest code, used, not
   * expired, not out of tries, and matching. A mismatch counts as a wrong try on that code, so a
   * retry window cannot be used to guess: the counter only goes up. The caller decides whether
   * the retry is the same request (the browser's pending sign-up, the account it opened).
   */
  reverifyUsedCode(tx: DbOrTx, purpose: OtpPurpose, email: string, code: string): Promise<OtpVerifyResult>;
  /** Sends any email synchronously through the transport; throws AppError('OTP_SEND_FAILED'). */
  sendNow(message: OutgoingEmail): Promise<void>;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function generateOtpCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, '0');
}

export function createOtpService(deps: {
  db: Database;
  clock: Clock;
  transport: EmailTransport;
  /** `pepper` keys the code hashes: a stolen table alone does not give up the codes. */
  config: { brand: EmailBrand; pepper: string };
  logger: EmailLogger;
}): OtpService {
  const { db, clock, transport, logger } = deps;
  const { brand, pepper } = deps.config;

  // Purpose and address are inside the MAC: a code is bound to them even if a row were misread.
  function hashCode(purpose: OtpPurpose, email: string, code: string): string {
    return crypto.createHmac('sha256', pepper).update(`${purpose}\n${email}\n${code}`).digest('hex');
  }

  function hashesEqual(a: string, b: string): boolean {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && crypto.timingSafeEqual(x, y);
  }

  async function deliver(message: OutboundEmail): Promise<SendResult> {
    try {
      return await transport.send(message);
    } catch (error) {
      return {
        ok: false,
        retryable: true,
        reason: `transport ${transport.name} threw: ${(error as Error).name}`,
      };
    }
  }

  /** Records a code (hash) unless one went out within the resend interval. */
  async function issue(
    purpose: OtpPurpose,
    email: string,
    codeHash: string,
  ): Promise<{ id: number; createdAt: Date; expiresAt: Date }> {
    return db.transaction(async (tx) => {
      const issued = await issueIn(tx, purpose, email, codeHash, 'refuse');
      if (!issued) throw new Error('a refusing issue returns a code or throws');
      return issued;
    });
  }

  /** `issue` inside the caller's transaction; null when throttled in 'skip' mode. */
  async function issueIn(
    tx: DbOrTx,
    purpose: OtpPurpose,
    email: string,
    codeHash: string,
    throttled: OtpThrottleMode,
  ): Promise<{ id: number; createdAt: Date; expiresAt: Date } | null> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    {
      // Two requests at once for one address must not both pass the throttle.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${OTP_ADVISORY_LOCK_CLASS}, hashtext(${`${purpose}:${email}`}))`,
      );
      const [latest] = await tx
        .select({ createdAt: oneTimeCodes.createdAt })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.email, email)))
        .orderBy(desc(oneTimeCodes.id))
        .limit(1);
      const sinceLatest = latest ? now.getTime() - latest.createdAt.getTime() : Number.POSITIVE_INFINITY;
      if (sinceLatest < OTP_RESEND_INTERVAL_MS) {
        if (throttled === 'skip') return null;
        // The known wait, so the screen can say "Please wait 30 seconds" (issue #14).
        throw new AppError('RATE_LIMITED', {
          retryAfterSeconds: (OTP_RESEND_INTERVAL_MS - sinceLatest) / 1000,
        });
      }
      const [row] = await tx
        .insert(oneTimeCodes)
        .values({ purpose, email, codeHash, expiresAt, createdAt: now })
        .returning({ id: oneTimeCodes.id });
      if (!row) throw new Error('one_time_codes insert returned no row');
      return { id: row.id, createdAt: now, expiresAt };
    }
  }

  /** Only the newest code counts already; retiring the older ones keeps the table honest. */
  async function retireOlder(tx: DbOrTx, purpose: OtpPurpose, email: string, newestId: number) {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: clock.now() })
      .where(
        and(
          eq(oneTimeCodes.purpose, purpose),
          eq(oneTimeCodes.email, email),
          lt(oneTimeCodes.id, newestId),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  }

  async function issueAndSend(
    purpose: OtpPurpose,
    email: string,
    codeHash: string,
    message: OutgoingEmail,
  ): Promise<{ expiresAt: Date }> {
    const issued = await issue(purpose, email, codeHash);
    const result = await deliver({ ...message, messageId: oneTimeCodeMessageId(issued) });
    if (!result.ok) {
      // Undo, so the customer may try again at once and any earlier code keeps working.
      await db
        .delete(oneTimeCodes)
        .where(eq(oneTimeCodes.id, issued.id))
        .catch((error: unknown) =>
          logger.error({ err: error }, 'could not withdraw an unsent one-time code'),
        );
      logger.warn(
        { purpose, template: message.template, transport: transport.name, reason: result.reason },
        'one-time code email could not be sent',
      );
      throw new AppError('OTP_SEND_FAILED');
    }
    await retireOlder(db, purpose, email, issued.id);
    return { expiresAt: issued.expiresAt };
  }

  /** The newest code for the purpose and address, locked for the rest of the caller's transaction. */
  async function lockNewest(tx: DbOrTx, purpose: OtpPurpose, email: string) {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.email, email)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1)
      .for('update');
    return row;
  }

  function refusal(row: { failedAttempts: number; expiresAt: Date }, now: Date): OtpVerifyResult | null {
    if (row.failedAttempts >= OTP_ATTEMPTS_MAX) return { status: 'too_many_attempts' };
    if (now.getTime() >= row.expiresAt.getTime()) return { status: 'expired' };
    return null;
  }

  function matches(purpose: OtpPurpose, email: string, code: string, codeHash: string): boolean {
    return code.length <= OTP_INPUT_LENGTH_MAX && hashesEqual(hashCode(purpose, email, code), codeHash);
  }

  async function countWrongTry(
    tx: DbOrTx,
    row: { id: number; failedAttempts: number },
  ): Promise<OtpVerifyResult> {
    const failedAttempts = row.failedAttempts + 1;
    await tx.update(oneTimeCodes).set({ failedAttempts }).where(eq(oneTimeCodes.id, row.id));
    // The try that uses up the last attempt says so, rather than inviting another guess.
    return failedAttempts >= OTP_ATTEMPTS_MAX ? { status: 'too_many_attempts' } : { status: 'invalid' };
  }

  return {
    async sendCode(purpose, rawEmail) {
      const email = normaliseEmail(rawEmail);
      const code = generateOtpCode();
      const rendered = renderVerificationCode(
        { to: email, code, validForMinutes: OTP_TTL_MS / 60_000, now: clock.now() },
        brand,
      );
      return issueAndSend(purpose, email, hashCode(purpose, email, code), { to: email, ...rendered });
    },

    async sendNotice(purpose, rawEmail, message) {
      const email = normaliseEmail(rawEmail);
      // A hash of a secret no one knows: verify answers exactly as for a code nobody guesses.
      const unguessable = crypto.randomBytes(32).toString('hex');
      return issueAndSend(purpose, email, hashCode(purpose, email, unguessable), message);
    },

    async issueQueued(purpose, rawKey, queue, throttled) {
      const key = normaliseEmail(rawKey);
      const code = generateOtpCode();
      const codeHash = hashCode(purpose, key, code);
      return db.transaction(async (tx) => {
        const issued = await issueIn(tx, purpose, key, codeHash, throttled);
        if (!issued) return null;
        await queue(tx, code, issued.expiresAt);
        await retireOlder(tx, purpose, key, issued.id);
        return { expiresAt: issued.expiresAt };
      });
    },

    async verifyCode(purpose, rawEmail, code, outer) {
      const email = normaliseEmail(rawEmail);
      const now = clock.now();
      const check = async (tx: DbOrTx): Promise<OtpVerifyResult> => {
        // Locked, so two guesses at once cannot both slip under the attempt limit.
        const row = await lockNewest(tx, purpose, email);
        if (!row || row.consumedAt !== null) return { status: 'invalid' };
        const refused = refusal(row, now);
        if (refused) return refused;
        if (matches(purpose, email, code, row.codeHash)) {
          await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, row.id));
          return { status: 'ok' };
        }
        return countWrongTry(tx, row);
      };
      return outer ? check(outer) : db.transaction(check);
    },

    async reverifyUsedCode(tx, purpose, rawEmail, code) {
      const email = normaliseEmail(rawEmail);
      const row = await lockNewest(tx, purpose, email);
      if (!row) return { status: 'invalid' };
      const refused = refusal(row, clock.now());
      if (refused) return refused;
      if (!matches(purpose, email, code, row.codeHash)) return countWrongTry(tx, row);
      // The right code but not yet used: no earlier request succeeded with it, so nothing to repeat.
      return row.consumedAt === null ? { status: 'invalid' } : { status: 'ok' };
    },

    async sendNow(message) {
      // Sent once, now, with no row behind it: an id of its own is enough.
      const result = await deliver({ ...message, messageId: `direct-${crypto.randomUUID()}` });
      if (!result.ok) {
        logger.warn(
          { template: message.template, transport: transport.name, reason: result.reason },
          'email could not be sent',
        );
        throw new AppError('OTP_SEND_FAILED');
      }
    },
  };
}
