import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginThrottles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { takeFromWindows } from '../../lib/rate-counter';
import { accountKey, type ThrottleKey } from '../auth/index';
import {
  OTP_TTL_MS,
  normaliseEmail,
  renderAccountNumberReminder,
  renderPasswordResetCode,
  otpError,
} from '../email/index';
import { removeRecentPasskeysOnReset } from '../passkeys/index';
import { emailCoolingUntil } from './email-change';
import {
  createRecoveryTargets,
  type AdminActor,
  type RecoveryContext,
  type RecoveryDeps,
  type Target,
} from './recovery-targets';
import { createEmailChangeService, type EmailChangeService } from './staff-email-change';

export type { AdminActor, RecoveryContext } from './recovery-targets';

/**
 * Getting back in (issue 17, decisions 0130–0134): forgot password, forgot account number, and the
 * back office's help. The two guest forms answer alike whether or not anything matched, and do
 * the same steps either way (decision 0130): one lookup query, a code generated and hashed, one
 * throttled code row, one audit row; only the outbox row for the email exists when there is
 * someone to send it to.
 */

/** Wrong reset codes for one customer before each further one backs off (doubling, up to an hour). */
export const RESET_FAILURES_FREE = 10;
/** Wrong reset codes in a row (since the last good one) after which resets stop for RESET_HARD_LOCK_MS. */
export const RESET_FAILURES_HARD_LIMIT = 50;
export const RESET_HARD_LOCK_MS = 24 * 3_600_000;
/**
 * Reset codes the guest form sends for one target (a customer's address, or an unmatched
 * identifier) in a UTC day (issue 27): the 30-second resend interval alone let anyone mail a
 * customer 2,880 codes a day. Past the cap the form still answers 202, and sends nothing.
 */
export const RESET_CODES_PER_TARGET_PER_DAY = 5;
export const RESET_CODES_PERIOD_MS = 86_400_000;
/** At most one account-number reminder to an address in this period: the form cannot flood a mailbox. */
export const ACCOUNT_NUMBER_REMINDER_INTERVAL_MS = 10 * 60_000;

/** Guessing reset codes for one key (a customer's address, or an unmatched identifier). */
export const resetKey = (key: string): ThrottleKey => ({
  key: `reset:${key}`,
  failuresFree: RESET_FAILURES_FREE,
  hardLimit: RESET_FAILURES_HARD_LIMIT,
  hardLockMs: RESET_HARD_LOCK_MS,
  notifyOwner: false,
});

const reminderKey = (email: string) => `acctno-reminder:${email}`;
const resetSentKey = (key: string) => `reset-sent:${key}`;

/** Thrown inside a code's issuing transaction to roll it back: the day's cap is reached. */
class ResetCapReached extends Error {}

export interface RecoveryService extends EmailChangeService {
  forgotPassword(identifier: string, ctx: RecoveryContext): Promise<void>;
  resetPassword(
    input: { identifier: string; code: string; newPassword: string },
    ctx: RecoveryContext,
  ): Promise<void>;
  forgotAccountNumber(email: string, ctx: RecoveryContext): Promise<void>;
  adminSendResetCode(
    actor: AdminActor,
    userId: string,
    reason: string,
  ): Promise<{ email: string; expiresAt: Date }>;
  adminUnlock(actor: AdminActor, userId: string, reason: string): Promise<{ wasLocked: boolean }>;
  /** Until when a customer's sign-in (or reset) is backed off or shut; null when it is not. */
  lockedUntil(userId: string): Promise<Date | null>;
}

export function createRecoveryService(deps: RecoveryDeps): RecoveryService {
  const { db, clock, users, sessions, throttle, otp, outbox, audit, brand, alerts } = deps;
  const validForMinutes = OTP_TTL_MS / 60_000;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const targets = createRecoveryTargets(deps);
  const { findByIdentifier, findById, customerOf, recordStaffHelp } = targets;

  /** Only an active customer can be helped back in; staff recover through staff management (issue 19). */
  const canReset = (target: Target | null): target is Target =>
    target !== null && target.role === 'user' && target.status === 'active';

  /** The key a reset code is issued under: the customer's address, or what was typed (a decoy). */
  const resetCodeKey = (target: Target | null, identifier: string) =>
    canReset(target) ? target.email : `unmatched:${normaliseEmail(identifier)}`;

  /** Takes the one slot a period for a key (one statement: two requests at once cannot both win). */
  async function claimSlot(key: string, intervalMs: number): Promise<boolean> {
    const now = clock.now();
    const since = new Date(now.getTime() - intervalMs);
    const t = loginThrottles;
    const rows = await db
      .insert(t)
      .values({ key, windowStartedAt: now, notifiedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: { notifiedAt: now, updatedAt: now },
        setWhere: sql`${t.notifiedAt} is null or ${t.notifiedAt} <= ${at(since)}`,
      })
      .returning({ key: t.key });
    return rows.length > 0;
  }

  /**
   * Counts one reset code for a target in its day (one statement: requests at once cannot both take
   * the last one); false when RESET_CODES_PER_TARGET_PER_DAY went out already.
   */
  async function claimDailyReset(tx: DbOrTx, key: string, now: Date): Promise<boolean> {
    // The one database counter for limits that must hold across instances (decision 0194).
    const taken = await takeFromWindows(tx, now, [
      { key: resetSentKey(key), lengthMs: RESET_CODES_PERIOD_MS, max: RESET_CODES_PER_TARGET_PER_DAY },
    ]);
    return taken.granted;
  }

  /** Every throttle key that can keep this customer out: sign-in buckets and reset guesses. */
  function lockKeys(target: Target) {
    const acct = target.accountNumber ? accountKey(target.accountNumber).key : null;
    const conditions = [eq(loginThrottles.key, resetKey(target.email).key)];
    if (acct) {
      conditions.push(eq(loginThrottles.key, acct));
      conditions.push(sql`left(${loginThrottles.key}, ${acct.length + 1}::int) = ${`${acct}:`}`);
    }
    return or(...conditions);
  }

  async function lockedUntilOf(target: Target): Promise<Date | null> {
    const rows = await db
      .select({ until: sql<string | null>`max(${loginThrottles.lockedUntil})` })
      .from(loginThrottles)
      .where(and(lockKeys(target), gt(loginThrottles.lockedUntil, clock.now())));
    const until = rows[0]?.until;
    return until ? new Date(until) : null;
  }

  return {
    ...createEmailChangeService(deps, targets),
    async forgotPassword(identifier, ctx) {
      const target = await findByIdentifier(identifier);
      const eligible = canReset(target);
      const key = resetCodeKey(target, identifier);
      const now = clock.now();
      // A staff-help change of the address is cooling off (decision 0182): no code goes to it.
      const cooling = eligible ? await emailCoolingUntil(db, target.userId, now) : null;
      const send = eligible && cooling === null;
      let capped = false;
      // Issued either way; within the resend interval, or past the day's cap for this target,
      // quietly not, either way (no 429 that only a real customer could cause). The email exists
      // only when there is someone to send it to.
      const issued = await otp
        .issueQueued(
          'password_reset',
          key,
          async (tx, code) => {
            if (!(await claimDailyReset(tx, key, now))) throw new ResetCapReached();
            const to = send ? target.email : key;
            const message = renderPasswordResetCode(
              { to, now, code, validForMinutes, byStaff: false },
              brand,
            );
            if (send) await outbox.enqueueEmail(tx, { to, ...message });
          },
          'skip',
        )
        .catch((error: unknown) => {
          // Rolled back whole: no code replaced the one the customer may already hold.
          if (!(error instanceof ResetCapReached)) throw error;
          capped = true;
          return null;
        });
      await audit.record(db, {
        action: 'auth.password_reset.requested',
        outcome: eligible ? 'success' : 'failure',
        subjectType: 'user',
        subjectId: eligible ? target.userId : null,
        ip: ctx.ip,
        reason: !eligible
          ? target
            ? `not an active customer`
            : 'no match'
          : capped
            ? 'daily cap reached'
            : !issued
              ? 'resend too soon'
              : cooling
                ? 'address cooling off after a change'
                : null,
      });
      if (issued && send) alerts.nudge();
    },

    async resetPassword({ identifier, code, newPassword }, ctx) {
      const target = await findByIdentifier(identifier);
      const key = resetCodeKey(target, identifier);
      const guesses = resetKey(key);
      const fail = async (reason: string, error: AppError): Promise<never> => {
        await audit.record(db, {
          action: 'auth.password_reset',
          outcome: 'failure',
          subjectType: 'user',
          subjectId: canReset(target) ? target.userId : null,
          ip: ctx.ip,
          reason,
        });
        throw error;
      };
      // Counted before the code is checked: a burst of guesses cannot outrun the count.
      const claim = await throttle.claim([guesses]);
      if (!claim.allowed) return fail('backed off', new AppError('RECOVERY_BACKED_OFF'));
      const result = await otp.verifyCode('password_reset', key, code);
      if (result.status !== 'ok') return fail(result.status, otpError(result));
      if (!canReset(target)) return fail('no match', otpError({ status: 'invalid' }));
      await throttle.reset(guesses);
      const passwordHash = await hashPassword(newPassword);
      const accountNumber = await db.transaction(async (tx) => {
        // Suspended or closed since the code went out: the code no longer helps.
        const current = await findById(tx, target.userId, true);
        if (!canReset(current)) throw new AppError('OTP_INVALID', { field: 'code' });
        await users.setPasswordHash(tx, target.userId, passwordHash);
        // Every session ends, this browser's too (it was not signed in): live streams with them.
        await sessions.revokeAllForUser(tx, target.userId);
        await audit.record(tx, {
          action: 'auth.password_reset',
          outcome: 'success',
          actorId: target.userId,
          actorRole: 'user',
          subjectType: 'user',
          subjectId: target.userId,
          ip: ctx.ip,
        });
        // Whoever was in may have planted a passkey: recent ones go too (decision 0186).
        const removedPasskeys = await removeRecentPasskeysOnReset(tx, audit, {
          userId: target.userId,
          now: clock.now(),
          ip: ctx.ip,
        });
        await alerts.passwordChanged(tx, target.userId, 'reset', removedPasskeys);
        return current.accountNumber;
      });
      alerts.nudge();
      // The owner proved their mailbox and replaced the password: guesses at the old one are moot.
      if (accountNumber) await throttle.resetAccount(accountNumber);
    },

    async forgotAccountNumber(rawEmail, ctx) {
      const email = normaliseEmail(rawEmail);
      const target = await findByIdentifier(email);
      const eligible = target !== null && target.role === 'user' && target.status !== 'closed';
      // The slot is taken either way, so both paths write the same row.
      const slot = await claimSlot(reminderKey(email), ACCOUNT_NUMBER_REMINDER_INTERVAL_MS);
      const message = renderAccountNumberReminder(
        {
          to: email,
          now: clock.now(),
          firstName: target?.firstName ?? '',
          accountNumber: target?.accountNumber ?? '',
        },
        brand,
      );
      const send = eligible && slot && target.accountNumber !== null;
      await db.transaction(async (tx) => {
        if (send) await outbox.enqueueEmail(tx, { to: email, ...message });
        await audit.record(tx, {
          action: 'auth.account_number.requested',
          outcome: eligible ? 'success' : 'failure',
          subjectType: 'user',
          subjectId: eligible ? target.userId : null,
          ip: ctx.ip,
          reason: !eligible ? 'no match' : slot ? null : 'reminder sent too recently',
        });
      });
      if (send) alerts.nudge();
    },

    async adminSendResetCode(actor, userId, reason) {
      const target = await customerOf(db, userId);
      if (target.status !== 'active') throw new AppError('ACCOUNT_NOT_ACTIVE');
      const now = clock.now();
      if (await emailCoolingUntil(db, userId, now)) throw new AppError('EMAIL_COOLING_OFF');
      const issued = await otp.issueQueued(
        'password_reset',
        target.email,
        async (tx, code) => {
          const message = renderPasswordResetCode(
            { to: target.email, now, code, validForMinutes, byStaff: true },
            brand,
          );
          await outbox.enqueueEmail(tx, { to: target.email, ...message });
          await recordStaffHelp(tx, actor, userId, {
            action: 'admin.password_reset_sent',
            outcome: 'success',
            reason,
          });
        },
        'refuse',
      );
      if (!issued) throw new AppError('RATE_LIMITED');
      alerts.nudge();
      return { email: target.email, expiresAt: issued.expiresAt };
    },

    async adminUnlock(actor, userId, reason) {
      const target = await customerOf(db, userId);
      const until = await lockedUntilOf(target);
      await db.transaction(async (tx) => {
        await tx.delete(loginThrottles).where(lockKeys(target));
        await recordStaffHelp(tx, actor, userId, {
          action: 'admin.sign_in_unlock',
          outcome: 'success',
          reason,
          details: { wasLocked: until !== null, lockedUntil: until?.toISOString() ?? null },
        });
      });
      return { wasLocked: until !== null };
    },

    async lockedUntil(userId) {
      const target = await findById(db, userId);
      return target ? lockedUntilOf(target) : null;
    },
  };
}
