import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { AdminEmailChange } from '@larkspur/contract';
import type { DbOrTx } from '../../db/client';
import { emailChanges, identities, profiles } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/errors';
import {
  OTP_TTL_MS,
  emailChangeStopUrl,
  maskEmail,
  normaliseEmail,
  renderEmailChangeCode,
  renderEmailChangePendingNotice,
  renderEmailChangeStoppedNotice,
  otpError,
} from '../email/index';
import {
  EMAIL_CHANGE_COOLING_OFF_MS,
  EMAIL_CHANGE_PENDING_TTL_MS,
  hashStopToken,
  newStopToken,
} from './email-change';
import {
  type AdminActor,
  type RecoveryContext,
  type RecoveryDeps,
  type RecoveryTargets,
} from './recovery-targets';

/**
 * A customer's email address changed with staff help (decision 0182): a maker proves the new mailbox with a code, a second member of staff approves, the
 * customer hears of it at the old address with a link that stops it, and the new address cools off
 * before it can be used to recover the account.
 */
export interface EmailChangeService {
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
}

export function createEmailChangeService(deps: RecoveryDeps, targets: RecoveryTargets): EmailChangeService {
  const { db, clock, users, sessions, otp, outbox, audit, brand, alerts } = deps;
  const { customerOf, recordStaffHelp } = targets;
  const validForMinutes = OTP_TTL_MS / 60_000;

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

  return {
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
  };
}
