import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  isExternalWire,
  type AccountStepUpAction,
  STEP_UP_AMOUNT_THRESHOLD_CENTS,
  STEP_UP_TOKEN_LENGTH_MAX,
  type AuthenticationResponse,
  type StepUpReason,
  type StepUpStartResponse,
  type WebauthnOptions,
} from '@larkspur/contract';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { identities, profiles, stepUps } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import type { RequestContext } from '../auth/index';
import type { LoginThrottle, ThrottleKey } from '../auth/index';
import type { ResolvedSession } from '../auth/index';
import type { TransferStepUp } from '../ledger/index';
import { OTP_TTL_MS, type OtpService } from '../email/index';
import { assertionOptionsFor, trustedPasskeysAddedBefore, verifyAssertion } from '../passkeys/index';
import { emailCoolingUntil } from '../recovery/index';
import { sha256, type WebauthnSettings } from '../passkeys/index';
import {
  accountChangeFingerprint,
  stepUpReasons,
  stepUpRule,
  transferFingerprint,
  type StepUpTransfer,
} from './step-up-rule';

/**
 * Step-up for risky payments (issue 17, decision 0137): the first transfer to a payee the sender
 * has never paid, and any transfer above STEP_UP_AMOUNT_THRESHOLD_CENTS, needs a fresh second
 * factor — an assertion by one of the customer's passkeys, else a code emailed to them. The
 * answer is a proof (a token) that POST /api/transfers accepts once, for exactly that transfer
 * (sender, type, recipient, amount, international details, idempotency key), from that session,
 * within STEP_UP_PROOF_TTL_MS. The rule runs inside the transfer's own transaction, after the
 * spec's checks, so the proof is spent exactly when the money moves; a retry that replays an
 * already-made transfer never reaches it.
 */

/** How long the challenge (passkey prompt or emailed code) may be answered: the code's 5 minutes. */
export const STEP_UP_CHALLENGE_TTL_MS = OTP_TTL_MS;
/** How long an answered step-up stays usable for its transfer: "fresh" means 5 minutes. */
export const STEP_UP_PROOF_TTL_MS = 5 * 60_000;
/** Wrong passkey answers before a step-up challenge is dead (codes count in the OTP service). */
export const STEP_UP_PASSKEY_ATTEMPTS_MAX = 5;
const TOKEN_BYTES = 32;
/**
 * Wrong step-up codes for one customer, across every code sent to them, before each further one
 * backs off (doubling from LOCK_BASE_MS, up to LOCK_MAX_MS), as reset codes do (decision 0187):
 * a fresh code every OTP_RESEND_INTERVAL_MS must not give a fresh OTP_ATTEMPTS_MAX guesses for ever.
 */
export const STEP_UP_CODE_FAILURES_FREE = 10;
/** Wrong step-up codes in a row (since the last right one) after which codes stop for STEP_UP_CODE_HARD_LOCK_MS. */
export const STEP_UP_CODE_FAILURES_HARD_LIMIT = 50;
export const STEP_UP_CODE_HARD_LOCK_MS = 24 * 3_600_000;

/** Guessing step-up codes for one customer (transfers and account changes alike). */
export const stepUpCodeKey = (userId: string): ThrottleKey => ({
  key: `step-up:${userId}`,
  failuresFree: STEP_UP_CODE_FAILURES_FREE,
  hardLimit: STEP_UP_CODE_FAILURES_HARD_LIMIT,
  hardLockMs: STEP_UP_CODE_HARD_LOCK_MS,
  notifyOwner: false,
});

function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export interface StepUpService extends TransferStepUp {
  /** The review step: does this transfer need a step-up? If so, starts one (prompt or emailed code). */
  start(
    session: ResolvedSession,
    input: { transfer: StepUpTransfer; idempotencyKey: string; resend?: boolean | undefined },
    ctx: RequestContext,
  ): Promise<StepUpStartResponse>;
  /**
   * A change of what proves it is the customer (adding or removing a passkey, the password):
   * always a step-up, by a passkey older than PASSKEY_STEP_UP_DELAY_HOURS, else the emailed code.
   */
  startForAccount(
    session: ResolvedSession,
    action: AccountStepUpAction,
    ctx: RequestContext,
  ): Promise<StepUpStartResponse>;
  /** Spends the proof for this change (once), else throws SECOND_FACTOR_REQUIRED, audited. */
  requireForAccount(
    session: ResolvedSession,
    action: AccountStepUpAction,
    token: string | null,
    ctx: RequestContext,
    /** The change's own transaction: the proof is spent exactly when the change commits. */
    tx?: DbOrTx,
  ): Promise<void>;
  /** Answers a step-up with a passkey assertion or the emailed code; returns the proof. */
  verify(
    session: ResolvedSession,
    input: { challengeId: string; code?: string; passkey?: AuthenticationResponse },
    ctx: RequestContext,
  ): Promise<{ token: string; expiresAt: string }>;
  /**
   * Inside a scheduled series' transaction (modules/scheduled): passes if it needs no step-up, or spends the
   * matching proof; otherwise throws STEP_UP_REQUIRED (rolling the transaction back: no movement,
   * and the idempotency key stays free for the retry with the proof).
   */
  authorise(
    tx: Tx,
    input: {
      session: ResolvedSession;
      transfer: StepUpTransfer;
      idempotencyKey: string | null;
      token: string | null;
    },
  ): Promise<void>;
}

export function createStepUpService(deps: {
  db: Database;
  clock: Clock;
  settings: WebauthnSettings;
  otp: OtpService;
  audit: AuditLog;
  throttle: LoginThrottle;
}): StepUpService {
  const { db, clock, settings, otp, audit, throttle } = deps;

  async function emailOf(userId: string): Promise<string> {
    const [row] = await db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.id, userId))
      .limit(1);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row.email;
  }

  async function refusedAnyway(userId: string, transfer: StepUpTransfer): Promise<boolean> {
    const account = transfer.recipientAccount.trim();
    const rows = await db
      .select({ userId: profiles.userId, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.accountNumber, account))
      .limit(1);
    const recipient = rows[0];
    if (recipient?.userId === userId) return true;
    const usable = recipient !== undefined && recipient.status !== 'closed';
    // A payment that leaves the bank (abroad, or a wire to another US bank) has no customer here
    // to find: it is sent, so its step-up is asked for like any other (issue 29).
    const leavesTheBank = transfer.type === 'International Transfer' || isExternalWire(transfer);
    return !usable && !leavesTheBank;
  }

  async function issueProof(id: string, now: Date): Promise<{ token: string; expiresAt: string }> {
    const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const proofExpiresAt = new Date(now.getTime() + STEP_UP_PROOF_TTL_MS);
    const [row] = await db
      .update(stepUps)
      .set({ verifiedAt: now, tokenHash: sha256(token), proofExpiresAt })
      .where(and(eq(stepUps.id, id), isNull(stepUps.verifiedAt), isNull(stepUps.supersededAt)))
      .returning({ id: stepUps.id });
    // Two right answers at once: one proof.
    if (!row) throw new AppError('STEP_UP_EXPIRED');
    return { token, expiresAt: proofExpiresAt.toISOString() };
  }

  /**
   * Starts a step-up bound to `fingerprint`: a passkey prompt when the customer has a passkey
   * older than PASSKEY_STEP_UP_DELAY_HOURS (decision 0185), else an emailed code.
   */
  async function begin(
    session: ResolvedSession,
    input: {
      fingerprint: string;
      reasons: StepUpReason[];
      action: string;
      details: Record<string, unknown>;
      /** "Send a new code": never reuse the code already sent. */
      resend?: boolean | undefined;
    },
    ctx: RequestContext,
  ): Promise<StepUpStartResponse> {
    const { fingerprint, reasons } = input;
    const options = await assertionOptionsFor(
      db,
      settings,
      session.userId,
      trustedPasskeysAddedBefore(clock.now()),
    );
    const email = options ? null : await emailOf(session.userId);
    // A staff-help change of the address is cooling off (decision 0182): no code goes to it.
    if (email && (await emailCoolingUntil(db, session.userId, clock.now()))) {
      throw new AppError('STEP_UP_EMAIL_COOLING_OFF');
    }
    // A re-review (Edit details, then Review again) reuses the code this session was sent and has
    // not used, while it is valid (decision 0200): a second code within OTP_RESEND_INTERVAL_MS
    // would be refused as "Too many requests", blaming the customer for the bank's own flow. The
    // code proves the mailbox, not the payment; the proof it earns is bound to the payment
    // reviewed last (the new row's fingerprint), and the old row is superseded below.
    const reusable = email && !input.resend ? await liveEmailedCode(session, clock.now()) : null;
    // The code goes out first: when sending fails (or is throttled) nothing else changed.
    const sent = email && !reusable ? await otp.sendCode('step_up', email) : null;
    const now = clock.now();
    const expiresAt = reusable ?? new Date(now.getTime() + STEP_UP_CHALLENGE_TTL_MS);
    const id = await db.transaction(async (tx) => {
      // Only the newest step-up of a session can be answered (so only the newest code matches it).
      await tx
        .update(stepUps)
        .set({ supersededAt: now })
        .where(
          and(
            eq(stepUps.userId, session.userId),
            eq(stepUps.sessionHash, session.idHash),
            isNull(stepUps.verifiedAt),
            isNull(stepUps.supersededAt),
          ),
        );
      const [row] = await tx
        .insert(stepUps)
        .values({
          userId: session.userId,
          sessionHash: session.idHash,
          fingerprint,
          method: options ? 'passkey' : 'email',
          challenge: options?.challenge ?? null,
          createdAt: now,
          expiresAt: sent?.expiresAt ?? expiresAt,
        })
        .returning({ id: stepUps.id });
      if (!row) throw new Error('step_ups insert returned no row');
      await audit.record(tx, {
        action: input.action,
        outcome: 'success',
        actorId: session.userId,
        actorRole: 'user',
        subjectType: 'user',
        subjectId: session.userId,
        ip: ctx.ip,
        details: { ...input.details, method: options ? 'passkey' : 'email' },
      });
      return row.id;
    });
    if (options) {
      return {
        required: true,
        reasons,
        challengeId: id,
        method: 'passkey',
        options: options as unknown as WebauthnOptions,
      };
    }
    return {
      required: true,
      reasons,
      challengeId: id,
      method: 'email',
      sentTo: maskEmail(email ?? ''),
      expiresAt: (sent?.expiresAt ?? expiresAt).toISOString(),
      ...(reusable ? { codeReused: true as const } : {}),
    };
  }

  /**
   * When this session's emailed code expires, if it has one still valid and never answered (right
   * or wrong); else null.
   */
  async function liveEmailedCode(session: ResolvedSession, now: Date): Promise<Date | null> {
    const [row] = await db
      .select({ expiresAt: stepUps.expiresAt })
      .from(stepUps)
      .where(
        and(
          eq(stepUps.userId, session.userId),
          eq(stepUps.sessionHash, session.idHash),
          eq(stepUps.method, 'email'),
          eq(stepUps.failedAttempts, 0),
          isNull(stepUps.verifiedAt),
          isNull(stepUps.supersededAt),
          gt(stepUps.expiresAt, now),
        ),
      )
      .orderBy(desc(stepUps.createdAt))
      .limit(1);
    return row?.expiresAt ?? null;
  }

  return {
    async start(session, { transfer, idempotencyKey, resend }, ctx) {
      const reasons = await stepUpReasons(db, session.userId, transfer, clock.now());
      const fingerprint = transferFingerprint(session.userId, transfer, idempotencyKey);
      if (reasons.length === 0 || fingerprint === null) return { required: false };
      // A transfer the spec's own checks will refuse (no such recipient, oneself) gets that answer
      // when it is sent; no code is emailed for it.
      if (await refusedAnyway(session.userId, transfer)) return { required: false };
      return begin(
        session,
        { fingerprint, reasons, action: 'transfer.step_up.start', details: { reasons }, resend },
        ctx,
      );
    },

    async startForAccount(session, action, ctx) {
      return begin(
        session,
        {
          fingerprint: accountChangeFingerprint(session.userId, action),
          reasons: ['account_change'],
          action: 'account.step_up.start',
          details: { change: action },
        },
        ctx,
      );
    },

    async requireForAccount(session, action, token, ctx, tx) {
      const now = clock.now();
      const spent = token
        ? await (tx ?? db)
            .update(stepUps)
            .set({ consumedAt: now })
            .where(
              and(
                eq(stepUps.tokenHash, sha256(token)),
                eq(stepUps.userId, session.userId),
                eq(stepUps.sessionHash, session.idHash),
                eq(stepUps.fingerprint, accountChangeFingerprint(session.userId, action)),
                isNull(stepUps.consumedAt),
                gt(stepUps.proofExpiresAt, now),
              ),
            )
            .returning({ id: stepUps.id })
        : [];
      if (spent.length === 1) return;
      // Inside a caller's transaction the refusal is recorded on it: PGlite has one connection,
      // and a second one would wait for the transaction that waits for it.
      await audit.record(tx ?? db, {
        action: 'account.step_up.required',
        outcome: 'denied',
        actorId: session.userId,
        actorRole: 'user',
        subjectType: 'user',
        subjectId: session.userId,
        ip: ctx.ip,
        reason: token ? 'proof not valid for this change' : 'no proof',
        details: { change: action },
      });
      throw new AppError('SECOND_FACTOR_REQUIRED');
    },

    async verify(session, input, ctx) {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(stepUps)
        .where(and(eq(stepUps.id, input.challengeId), eq(stepUps.sessionHash, session.idHash)))
        .limit(1);
      const fail = async (reason: string, error: AppError): Promise<never> => {
        await audit.record(db, {
          action: 'transfer.step_up.verify',
          outcome: 'failure',
          actorId: session.userId,
          actorRole: 'user',
          subjectType: 'user',
          subjectId: session.userId,
          ip: ctx.ip,
          reason,
        });
        throw error;
      };
      // Another session's step-up is answered exactly like a missing or finished one.
      if (!row || row.verifiedAt !== null || row.supersededAt !== null || row.expiresAt <= now) {
        return fail('step-up missing, answered, replaced or expired', new AppError('STEP_UP_EXPIRED'));
      }
      if (row.method === 'email') {
        if (input.code === undefined)
          return fail(
            'passkey answer to an emailed-code step-up',
            new AppError('OTP_INVALID', { field: 'code' }),
          );
        // Counted before the code is checked, across every code sent (decision 0187).
        const guesses = stepUpCodeKey(session.userId);
        const claim = await throttle.claim([guesses]);
        if (!claim.allowed) return fail('backed off', new AppError('STEP_UP_BACKED_OFF'));
        const result = await otp.verifyCode('step_up', await emailOf(session.userId), input.code);
        if (result.status === 'ok') await throttle.reset(guesses);
        // A code answered wrongly is not offered again to a re-review (decision 0200): the next one
        // gets a fresh code, as before.
        else
          await db
            .update(stepUps)
            .set({ failedAttempts: sql`${stepUps.failedAttempts} + 1` })
            .where(eq(stepUps.id, row.id));
        if (result.status === 'expired')
          return fail('code expired', new AppError('OTP_EXPIRED', { field: 'code' }));
        if (result.status === 'too_many_attempts')
          return fail('too many wrong codes', new AppError('OTP_ATTEMPTS_EXCEEDED', { field: 'code' }));
        if (result.status !== 'ok') return fail('wrong code', new AppError('OTP_INVALID', { field: 'code' }));
        return issueProof(row.id, now);
      }
      // Passkey: each answer counts against the challenge, right or wrong, before it is checked.
      const [counted] = await db
        .update(stepUps)
        .set({ failedAttempts: sql`${stepUps.failedAttempts} + 1` })
        .where(and(eq(stepUps.id, row.id), gt(sql`${STEP_UP_PASSKEY_ATTEMPTS_MAX}`, stepUps.failedAttempts)))
        .returning({ id: stepUps.id });
      if (!counted) return fail('too many passkey answers', new AppError('STEP_UP_EXPIRED'));
      if (!input.passkey || !row.challenge)
        return fail('code answer to a passkey step-up', new AppError('PASSKEY_FAILED'));
      const passkey = await verifyAssertion(
        { db, clock, settings },
        {
          response: input.passkey,
          challenge: row.challenge,
          userId: session.userId,
          // A passkey added since the prompt went out is no more trusted than before (decision 0185).
          addedBefore: trustedPasskeysAddedBefore(now),
        },
      );
      if (!passkey) return fail('passkey assertion did not verify', new AppError('PASSKEY_FAILED'));
      return issueProof(row.id, now);
    },

    async authorise(tx, { session, transfer, idempotencyKey, token }) {
      const reasons = await stepUpReasons(tx, session.userId, transfer, clock.now());
      if (reasons.length === 0) return;
      const fingerprint = transferFingerprint(session.userId, transfer, idempotencyKey);
      const now = clock.now();
      const spent =
        token && token.length <= STEP_UP_TOKEN_LENGTH_MAX && fingerprint
          ? await tx
              .update(stepUps)
              .set({ consumedAt: now })
              .where(
                and(
                  eq(stepUps.tokenHash, sha256(token)),
                  eq(stepUps.userId, session.userId),
                  eq(stepUps.sessionHash, session.idHash),
                  eq(stepUps.fingerprint, fingerprint),
                  isNull(stepUps.consumedAt),
                  gt(stepUps.proofExpiresAt, now),
                ),
              )
              .returning({ id: stepUps.id })
          : [];
      if (spent.length === 1) return;
      throw new AppError('STEP_UP_REQUIRED');
    },

    transferCheck({ session, transfer, idempotencyKey, token }) {
      const rule = stepUpRule(transfer, clock.now());
      return {
        ...rule,
        thresholdCents: STEP_UP_AMOUNT_THRESHOLD_CENTS,
        sessionHash: session.idHash,
        fingerprint: transferFingerprint(session.userId, transfer, idempotencyKey),
        tokenHash: token && token.length <= STEP_UP_TOKEN_LENGTH_MAX ? sha256(token) : null,
      };
    },

    async recordIfRefused(error, session, { ip, hadToken }) {
      if (!(error instanceof AppError) || error.code !== 'STEP_UP_REQUIRED') return;
      await audit.record(db, {
        action: 'transfer.step_up.required',
        outcome: 'denied',
        actorId: session.userId,
        actorRole: 'user',
        subjectType: 'user',
        subjectId: session.userId,
        ip,
        reason: hadToken ? 'proof not valid for this transfer' : 'no proof',
      });
    },
  };
}
