import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AdminEmailChange } from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { emailChanges, identities, loginThrottles, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { takeFromWindows } from '../../lib/rate-counter';
import type { AuditEntry, AuditLog } from '../audit/index';
import { accountKey, type LoginThrottle, type ThrottleKey } from '../auth/index';
import type { SessionStore } from '../auth/index';
import {
  OTP_TTL_MS,
  emailChangeStopUrl,
  maskEmail,
  normaliseEmail,
  renderAccountNumberReminder,
  renderEmailChangeCode,
  renderEmailChangePendingNotice,
  renderEmailChangeStoppedNotice,
  renderPasswordResetCode,
  type EmailBrand,
  type OtpService,
  type OtpVerifyResult,
  type Outbox,
} from '../email/index';
import { removeRecentPasskeysOnReset } from '../passkeys/index';
import type { UserService } from '../users/index';
import type { SecurityAlerts } from '../email/index';
import {
  EMAIL_CHANGE_COOLING_OFF_MS,
  EMAIL_CHANGE_PENDING_TTL_MS,
  emailCoolingUntil,
  hashStopToken,
  newStopToken,
} from './email-change';

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

export interface RecoveryContext {
  ip: string;
}

export interface AdminActor {
  userId: string;
  ip: string;
}

export interface RecoveryService {
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
  adminStartEmailChange(
    actor: AdminActor,
    userId: string,
    input: { newEmail: string; reason: string },
  ): Promise<{ newEmail: string; expiresAt: Date }>;
  /** The code proves the new mailbox; the change then waits for a second member of staff. */
  adminConfirmEmailChange(
    actor: AdminActor,
    userId: string,
    input: { newEmail: string; code: string; reason: string },
  ): Promise<{ newEmail: string }>;
  /** The pending change, or the applied one still cooling off; null when there is neither. */
  adminEmailChange(userId: string): Promise<AdminEmailChange | null>;
  /** A checker (never the maker) applies the pending change; the new address starts cooling off. */
  adminApproveEmailChange(actor: AdminActor, userId: string, reason: string): Promise<void>;
  adminRejectEmailChange(actor: AdminActor, userId: string, reason: string): Promise<void>;
  /** The link mailed to the old address: cancels a pending change, or undoes one cooling off. */
  stopEmailChange(token: string, ctx: RecoveryContext): Promise<'cancelled' | 'reverted'>;
  /** Until when a customer's sign-in (or reset) is backed off or shut; null when it is not. */
  lockedUntil(userId: string): Promise<Date | null>;
}

interface Target {
  userId: string;
  email: string;
  firstName: string;
  accountNumber: string | null;
  role: 'user' | 'admin';
  status: 'active' | 'suspended' | 'closed';
}

function otpError(result: Exclude<OtpVerifyResult, { status: 'ok' }>): AppError {
  if (result.status === 'expired') return new AppError('OTP_EXPIRED', { field: 'code' });
  if (result.status === 'too_many_attempts') return new AppError('OTP_ATTEMPTS_EXCEEDED', { field: 'code' });
  return new AppError('OTP_INVALID', { field: 'code' });
}

export function createRecoveryService(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  otp: OtpService;
  outbox: Outbox;
  audit: AuditLog;
  brand: EmailBrand;
  alerts: SecurityAlerts;
}): RecoveryService {
  const { db, clock, users, sessions, throttle, otp, outbox, audit, brand, alerts } = deps;
  const validForMinutes = OTP_TTL_MS / 60_000;
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

  const targetColumns = {
    userId: identities.id,
    email: identities.email,
    firstName: profiles.firstName,
    accountNumber: profiles.accountNumber,
    role: profiles.role,
    status: profiles.status,
  };

  /** A staff member's help with a customer, in the audit log: who, for whom, why (decision 0133). */
  function recordStaffHelp(
    tx: DbOrTx,
    actor: AdminActor,
    userId: string,
    entry: Pick<AuditEntry, 'action' | 'outcome' | 'reason' | 'details'>,
  ): Promise<void> {
    return audit.record(tx, {
      ...entry,
      actorId: actor.userId,
      actorRole: 'admin',
      subjectType: 'user',
      subjectId: userId,
      ip: actor.ip,
    });
  }

  /** One query whatever was typed: an address (has an @) or an account number. */
  async function findByIdentifier(identifier: string): Promise<Target | null> {
    const typed = identifier.trim();
    const where = typed.includes('@')
      ? eq(identities.email, normaliseEmail(typed))
      : eq(profiles.accountNumber, typed);
    const rows = await db
      .select(targetColumns)
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(where)
      .limit(1);
    return rows[0] ?? null;
  }

  async function findById(tx: DbOrTx, userId: string, lock = false): Promise<Target | null> {
    const query = tx
      .select(targetColumns)
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(eq(identities.id, userId))
      .limit(1);
    const rows = lock ? await query.for('update', { of: profiles }) : await query;
    return rows[0] ?? null;
  }

  /** Only an active customer can be helped back in; staff recover through staff management (issue 19). */
  const canReset = (target: Target | null): target is Target =>
    target !== null && target.role === 'user' && target.status === 'active';

  /** The key a reset code is issued under: the customer's address, or what was typed (a decoy). */
  const resetCodeKey = (target: Target | null, identifier: string) =>
    canReset(target) ? target.email : `unmatched:${normaliseEmail(identifier)}`;

  /** A customer of the directory (never an admin: SPEC §6), as unknown as a missing one otherwise. */
  async function customerOf(tx: DbOrTx, userId: string, lock = false): Promise<Target> {
    const target = await findById(tx, userId, lock);
    if (!target || target.role !== 'user') throw new AppError('USER_NOT_FOUND');
    return target;
  }

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

  /** Pending requests no one decided within EMAIL_CHANGE_PENDING_TTL_MS lapse. */
  async function lapseStale(tx: DbOrTx, userId: string, now: Date): Promise<void> {
    await tx
      .update(emailChanges)
      .set({ state: 'lapsed', decidedAt: now })
      .where(
        and(
          eq(emailChanges.userId, userId),
          eq(emailChanges.state, 'pending'),
          lt(emailChanges.createdAt, new Date(now.getTime() - EMAIL_CHANGE_PENDING_TTL_MS)),
        ),
      );
  }

  /**
   * The customer's pending change, locked (two checkers at once: the second finds it decided), for
   * a checker who is not its maker.
   */
  async function lockPending(tx: DbOrTx, actor: AdminActor, userId: string, now: Date) {
    await customerOf(tx, userId);
    const [pending] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.userId, userId),
          eq(emailChanges.state, 'pending'),
          gt(emailChanges.createdAt, new Date(now.getTime() - EMAIL_CHANGE_PENDING_TTL_MS)),
        ),
      )
      .limit(1)
      .for('update');
    if (!pending) throw new AppError('EMAIL_CHANGE_NOT_PENDING');
    if (pending.makerId === actor.userId) throw new AppError('EMAIL_CHANGE_OWN');
    return pending;
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

    async adminStartEmailChange(actor, userId, { newEmail: rawEmail, reason }) {
      const newEmail = normaliseEmail(rawEmail);
      const target = await customerOf(db, userId);
      if (target.email === newEmail) throw new AppError('EMAIL_UNCHANGED', { field: 'newEmail' });
      if (await users.emailExists(newEmail)) throw new AppError('EMAIL_IN_USE', { field: 'newEmail' });
      const now = clock.now();
      const issued = await otp.issueQueued(
        'email_change',
        `${userId}>${newEmail}`,
        async (tx, code) => {
          const message = renderEmailChangeCode({ to: newEmail, now, code, validForMinutes }, brand);
          await outbox.enqueueEmail(tx, { to: newEmail, ...message });
          await recordStaffHelp(tx, actor, userId, {
            action: 'admin.email_change.code_sent',
            outcome: 'success',
            reason,
            details: { newEmail },
          });
        },
        'refuse',
      );
      if (!issued) throw new AppError('RATE_LIMITED');
      alerts.nudge();
      return { newEmail, expiresAt: issued.expiresAt };
    },

    async adminConfirmEmailChange(actor, userId, { newEmail: rawEmail, code, reason }) {
      const newEmail = normaliseEmail(rawEmail);
      await customerOf(db, userId);
      const result = await otp.verifyCode('email_change', `${userId}>${newEmail}`, code);
      if (result.status !== 'ok') {
        await recordStaffHelp(db, actor, userId, {
          action: 'admin.email_change',
          outcome: 'failure',
          reason: `${result.status} code; ${reason}`,
        });
        throw otpError(result);
      }
      const stop = newStopToken();
      try {
        await db.transaction(async (tx) => {
          // The customer's row is locked: two confirmations at once queue here, and the second
          // finds the first one's pending change.
          const target = await customerOf(tx, userId, true);
          if (target.email === newEmail) throw new AppError('EMAIL_UNCHANGED', { field: 'newEmail' });
          // In this transaction (one connection on PGlite), not through users.emailExists.
          const [taken] = await tx
            .select({ id: identities.id })
            .from(identities)
            .where(eq(identities.email, newEmail))
            .limit(1);
          if (taken) throw new AppError('EMAIL_IN_USE', { field: 'newEmail' });
          const now = clock.now();
          await lapseStale(tx, userId, now);
          const [open] = await tx
            .select({ id: emailChanges.id })
            .from(emailChanges)
            .where(and(eq(emailChanges.userId, userId), eq(emailChanges.state, 'pending')))
            .limit(1);
          if (open) throw new AppError('EMAIL_CHANGE_PENDING');
          await tx.insert(emailChanges).values({
            userId,
            oldEmail: target.email,
            newEmail,
            makerId: actor.userId,
            reason,
            stopTokenHash: stop.hash,
            createdAt: now,
          });
          await recordStaffHelp(tx, actor, userId, {
            action: 'admin.email_change.requested',
            outcome: 'success',
            reason,
            details: { before: { email: target.email }, after: { email: newEmail } },
          });
          // The customer hears of it at the address they have now, with the way to stop it.
          await outbox.enqueueEmail(tx, {
            to: target.email,
            ...renderEmailChangePendingNotice(
              {
                to: target.email,
                now,
                newValueMasked: maskEmail(newEmail),
                stopUrl: emailChangeStopUrl(brand, stop.token),
                coolingOffHours: EMAIL_CHANGE_COOLING_OFF_MS / 3_600_000,
              },
              brand,
            ),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'email_changes_one_pending')) throw new AppError('EMAIL_CHANGE_PENDING');
        throw error;
      }
      alerts.nudge();
      return { newEmail };
    },

    async adminEmailChange(userId) {
      const now = clock.now();
      const rows = await db
        .select({
          row: emailChanges,
          makerFirst: profiles.firstName,
          makerSurname: profiles.surname,
        })
        .from(emailChanges)
        .innerJoin(profiles, eq(profiles.userId, emailChanges.makerId))
        .where(
          and(
            eq(emailChanges.userId, userId),
            or(
              and(
                eq(emailChanges.state, 'pending'),
                gt(emailChanges.createdAt, new Date(now.getTime() - EMAIL_CHANGE_PENDING_TTL_MS)),
              ),
              and(eq(emailChanges.state, 'applied'), gt(emailChanges.coolingUntil, now)),
            ),
          ),
        )
        .orderBy(sql`${emailChanges.createdAt} desc`)
        .limit(1);
      const found = rows[0];
      if (!found) return null;
      const { row } = found;
      return {
        id: row.id,
        state: row.state === 'pending' ? 'pending' : 'applied',
        oldEmail: row.oldEmail,
        newEmail: row.newEmail,
        makerId: row.makerId,
        makerName: `${found.makerFirst} ${found.makerSurname}`.trim(),
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        coolingUntil: row.coolingUntil?.toISOString() ?? null,
      };
    },

    async adminApproveEmailChange(actor, userId, reason) {
      const revert = newStopToken();
      try {
        await db.transaction(async (tx) => {
          const now = clock.now();
          const pending = await lockPending(tx, actor, userId, now);
          const target = await customerOf(tx, userId, true);
          // Changed by other means since the request: it no longer says what it changes from.
          if (target.email !== pending.oldEmail) throw new AppError('EMAIL_CHANGE_NOT_PENDING');
          const coolingUntil = new Date(now.getTime() + EMAIL_CHANGE_COOLING_OFF_MS);
          await tx.update(identities).set({ email: pending.newEmail }).where(eq(identities.id, userId));
          await tx.update(profiles).set({ updatedAt: now }).where(eq(profiles.userId, userId));
          await tx
            .update(emailChanges)
            .set({
              state: 'applied',
              checkerId: actor.userId,
              decisionReason: reason,
              decidedAt: now,
              coolingUntil,
              revertTokenHash: revert.hash,
            })
            .where(eq(emailChanges.id, pending.id));
          await recordStaffHelp(tx, actor, userId, {
            action: 'admin.email_change',
            outcome: 'success',
            reason,
            details: {
              before: { email: pending.oldEmail },
              after: { email: pending.newEmail },
              makerId: pending.makerId,
              coolingUntil: coolingUntil.toISOString(),
            },
          });
          await alerts.emailChanged(tx, {
            oldEmail: pending.oldEmail,
            newEmail: pending.newEmail,
            byStaff: true,
            stop: { url: emailChangeStopUrl(brand, revert.token), until: coolingUntil },
          });
        });
      } catch (error) {
        // Taken by a sign-up between the request and the approval: the unique index says so.
        if (isUniqueViolation(error, 'identities_email_key')) throw new AppError('EMAIL_IN_USE');
        throw error;
      }
      alerts.nudge();
      users.profilesChanged([userId]);
    },

    async adminRejectEmailChange(actor, userId, reason) {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const pending = await lockPending(tx, actor, userId, now);
        await tx
          .update(emailChanges)
          .set({ state: 'rejected', checkerId: actor.userId, decisionReason: reason, decidedAt: now })
          .where(eq(emailChanges.id, pending.id));
        await recordStaffHelp(tx, actor, userId, {
          action: 'admin.email_change.rejected',
          outcome: 'success',
          reason,
          details: { newEmail: pending.newEmail, makerId: pending.makerId },
        });
        await outbox.enqueueEmail(tx, {
          to: pending.oldEmail,
          ...renderEmailChangeStoppedNotice({ to: pending.oldEmail, now, outcome: 'cancelled' }, brand),
        });
      });
      alerts.nudge();
    },

    async stopEmailChange(token, ctx) {
      const hash = hashStopToken(token);
      let userId: string | null = null;
      const outcome = await db
        .transaction(async (tx) => {
          const now = clock.now();
          const [change] = await tx
            .select()
            .from(emailChanges)
            .where(or(eq(emailChanges.stopTokenHash, hash), eq(emailChanges.revertTokenHash, hash)))
            .limit(1)
            .for('update');
          const live =
            change &&
            ((change.state === 'pending' &&
              change.createdAt.getTime() > now.getTime() - EMAIL_CHANGE_PENDING_TTL_MS) ||
              (change.state === 'applied' && change.coolingUntil !== null && change.coolingUntil > now));
          if (!change || !live) throw new AppError('EMAIL_CHANGE_STOP_INVALID');
          userId = change.userId;
          const applied = change.state === 'applied';
          if (applied) {
            await customerOf(tx, change.userId, true);
            await tx
              .update(identities)
              .set({ email: change.oldEmail })
              .where(eq(identities.id, change.userId));
            await tx.update(profiles).set({ updatedAt: now }).where(eq(profiles.userId, change.userId));
            // Whoever held the account through the new address is out.
            await sessions.revokeAllForUser(tx, change.userId);
          }
          await tx
            .update(emailChanges)
            .set({ state: 'stopped', decidedAt: now })
            .where(eq(emailChanges.id, change.id));
          const result = applied ? ('reverted' as const) : ('cancelled' as const);
          await audit.record(tx, {
            action: 'auth.email_change.stopped',
            outcome: 'success',
            actorRole: 'user',
            subjectType: 'user',
            subjectId: change.userId,
            ip: ctx.ip,
            details: { outcome: result, oldEmail: change.oldEmail, newEmail: change.newEmail },
          });
          await outbox.enqueueEmail(tx, {
            to: change.oldEmail,
            ...renderEmailChangeStoppedNotice({ to: change.oldEmail, now, outcome: result }, brand),
          });
          return result;
        })
        .catch((error: unknown) => {
          // The old address was taken by a sign-up meanwhile: it cannot be given back.
          if (isUniqueViolation(error, 'identities_email_key')) throw new AppError('EMAIL_IN_USE');
          throw error;
        });
      alerts.nudge();
      if (userId) users.profilesChanged([userId]);
      return outcome;
    },

    async lockedUntil(userId) {
      const target = await findById(db, userId);
      return target ? lockedUntilOf(target) : null;
    },
  };
}
