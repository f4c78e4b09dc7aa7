import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { identities } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuditLog } from '../audit/index';
import {
  normaliseEmail,
  renderAccountStatusNotice,
  renderFailedSignInsNotice,
  renderPasswordRecheckNotice,
  type EmailBrand,
  type Outbox,
  type OtpService,
  type RenderedEmail,
  otpError,
} from '../email/index';
import type { SecurityAlerts } from '../email/index';
import type { LoginRecord, UserService } from '../users/index';
import {
  accountKey,
  ipKey,
  recheckKey,
  startedBackOff,
  trustedDeviceKey,
  type Claim,
  type LoginThrottle,
  type ThrottleKey,
} from './login-throttle';
import type { PendingSignIns } from './pending-sign-ins';
import { createSessionStarter, type RequestContext, type SignedIn } from './session-start';
import type { ResolvedSession, SessionStore } from './session-store';
import { createSignupService, type SignupService } from './signup-service';
import type { TrustedDevices } from './trusted-devices';

/**
 * A code sent as the second step without this browser's first step: longer than any code can be,
 * so the code check counts it as a wrong try without hashing it (decision 0080).
 */
const NOT_THIS_BROWSER = 'x'.repeat(64);

export type { RequestContext, SignedIn } from './session-start';

/** A first step done: the pending sign-in id goes into this browser's cookie. */
export interface FirstStep {
  email: string;
  pendingId: string;
}

export type RecheckResult = 'ok' | 'wrong';

export interface AuthService extends SignupService {
  login(input: { accountNumber: string; password: string }, ctx: RequestContext): Promise<SignedIn>;
  adminLoginStart(input: { email: string; password: string }, ctx: RequestContext): Promise<FirstStep>;
  adminLoginVerify(input: { email: string; code: string }, ctx: RequestContext): Promise<SignedIn>;
  /**
   * Signs in a customer whose passkey the caller has just verified (passkeys/passkey-service.ts):
   * the same session, device cookie and audit as a password login; an inactive or staff account
   * gets the generic login failure.
   */
  passkeyLogin(userId: string, ctx: RequestContext): Promise<SignedIn>;
  logout(auth: ResolvedSession | null, ctx: RequestContext): Promise<void>;
  /**
   * A customer's change needs, besides the current password, the proof of their second factor
   * (`stepUpToken`, decision 0185), spent by `requireSecondFactor`; staff sign in with a code already.
   */
  changePassword(
    auth: ResolvedSession,
    input: { currentPassword: string; newPassword: string; stepUpToken?: string | null },
    ctx: RequestContext,
    requireSecondFactor?: (token: string | null, tx: DbOrTx) => Promise<void>,
  ): Promise<void>;
  /**
   * Checks a signed-in person's password again before a sensitive change (card unfreeze,
   * password change), throttled: the try that reaches RECHECK_FAILURES_MAX ends the session
   * (throws UNAUTHENTICATED) and mails the owner; so does any try after it.
   */
  recheckPassword(
    auth: ResolvedSession,
    password: string,
    ctx: RequestContext & { action: string },
  ): Promise<RecheckResult>;
}

/** What the authentication service is built from. */
export interface AuthDeps {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  otp: OtpService;
  audit: AuditLog;
  brand: EmailBrand;
  devices: TrustedDevices;
  pending: PendingSignIns;
  outbox: Outbox;
  /** Wakes the outbox worker after a notice is queued. */
  nudgeOutbox: () => void;
  /** The welcome mail and the "password changed" alert, queued with their change (issue 17). */
  alerts: SecurityAlerts;
}

export function createAuthService(deps: AuthDeps): AuthService {
  const { db, clock, users, sessions, throttle, otp, audit, brand, devices, pending, outbox } = deps;
  const starter = createSessionStarter(deps);
  const { startSession } = starter;

  /** The bucket an attempt on this account counts in: the owner's known browser's, or strangers'. */
  async function bucketFor(
    identifier: string,
    record: LoginRecord | null,
    ctx: RequestContext,
  ): Promise<ThrottleKey> {
    const device = record ? await devices.find(ctx.deviceId ?? null, record.userId) : null;
    return device ? trustedDeviceKey(identifier, device) : accountKey(identifier);
  }

  /** Queues a security notice to a person's address (decision 0081). */
  async function notify(userId: string, render: (to: string) => RenderedEmail): Promise<void> {
    const [row] = await db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.id, userId))
      .limit(1);
    if (!row) return;
    await outbox.enqueueEmail(db, { to: row.email, ...render(row.email) });
    deps.nudgeOutbox();
  }

  /**
   * Wrong account, wrong password, backed off: one answer. `claim` is what the attempt counted
   * before the check; when it put an account's strangers' bucket into back-off (or shut it), the
   * owner hears about it, at most once a period.
   */
  async function refuse(
    claim: Claim | null,
    action: string,
    ctx: RequestContext,
    subjectId: string | null,
    reason: string,
  ): Promise<never> {
    const started = claim?.allowed ? claim.counts.filter(startedBackOff) : [];
    await audit.record(db, {
      action,
      outcome: 'failure',
      subjectType: 'user',
      subjectId,
      ip: ctx.ip,
      reason,
    });
    if (started.length > 0) {
      await audit.record(db, {
        action: 'auth.lockout',
        outcome: 'denied',
        subjectType: 'user',
        subjectId,
        ip: ctx.ip,
        reason: action,
      });
    }
    const strangers = started.find((count) => count.key.notifyOwner);
    if (subjectId && strangers && (await throttle.claimNotice(strangers.key))) {
      await notify(subjectId, (to) => renderFailedSignInsNotice({ to, now: clock.now() }, brand));
    }
    throw new AppError('LOGIN_FAILED');
  }

  /**
   * The right password for a suspended or closed account (product §8, decision 0121): the answer is
   * the generic "Failed to log in", exactly as for a wrong password (the attempt stays counted, as
   * a wrong one would), and the owner learns why by email — at most once per
   * STATUS_NOTICE_INTERVAL_MS, so repeated log-ins cannot flood their mailbox.
   */
  async function refuseInactive(
    action: string,
    record: { userId: string; status: string | null },
    ctx: RequestContext,
  ): Promise<never> {
    await audit.record(db, {
      action,
      outcome: 'denied',
      subjectType: 'user',
      subjectId: record.userId,
      ip: ctx.ip,
      reason: record.status,
    });
    const status = record.status;
    if (
      (status === 'suspended' || status === 'closed') &&
      (await throttle.claimStatusNotice(record.userId))
    ) {
      await notify(record.userId, (to) => renderAccountStatusNotice({ to, now: clock.now(), status }, brand));
    }
    throw new AppError('LOGIN_FAILED');
  }

  /** A password proven right: the account's buckets are cleared, the IP's attempt given back. */
  async function succeeded(identifier: string, ip: ThrottleKey): Promise<void> {
    await throttle.resetAccount(identifier);
    await throttle.release(ip);
  }

  const recheckPassword: AuthService['recheckPassword'] = async (auth, password, ctx) => {
    const key = recheckKey(auth.idHash);
    const endSession = async (reason: string): Promise<never> => {
      await sessions.revoke(db, { idHash: auth.idHash });
      await audit.record(db, {
        action: ctx.action,
        outcome: 'denied',
        actorId: auth.userId,
        actorRole: auth.user?.role ?? null,
        subjectType: 'user',
        subjectId: auth.userId,
        ip: ctx.ip,
        reason,
      });
      throw new AppError('UNAUTHENTICATED');
    };
    // Counted before the check, like a sign-in: a burst of guesses cannot outrun the count.
    const claim = await throttle.claim([key]);
    if (!claim.allowed) return endSession('re-check limit reached');
    const record = await users.findLoginById(auth.userId);
    assert(record, 'a signed-in user has a login identity');
    if (await verifyPassword(record.passwordHash, password)) {
      await throttle.reset(key);
      return 'ok';
    }
    // A plain wrong password is the caller's to record (it knows the subject: a card, a password).
    const count = claim.counts[0];
    if (count && key.hardLimit !== null && count.consecutiveFailures >= key.hardLimit) {
      // Exactly one try reaches the limit: it ends the session and tells the owner.
      await notify(auth.userId, (to) => renderPasswordRecheckNotice({ to, now: clock.now() }, brand));
      return endSession('wrong password; re-check limit reached');
    }
    return 'wrong';
  };

  return {
    ...createSignupService(deps, starter),
    recheckPassword,

    async login({ accountNumber, password }, ctx) {
      // product §5: the identifier must be an account number; an email is refused like a wrong password.
      const identifierOk = !accountNumber.includes('@');
      const record = identifierOk ? await users.findLoginByAccountNumber(accountNumber.trim()) : null;
      const ip = ipKey(ctx.ip);
      // Counted before the password is checked (decision 0081): a burst cannot outrun the count.
      const claim = await throttle.claim([ip, await bucketFor(accountNumber, record, ctx)]);
      if (!claim.allowed) return refuse(null, 'auth.login', ctx, record?.userId ?? null, 'locked');
      const passwordOk = await verifyPassword(record?.passwordHash ?? null, password);
      if (!record || !passwordOk) {
        const reason = !identifierOk ? 'email as identifier' : !record ? 'unknown account' : 'wrong password';
        return refuse(claim, 'auth.login', ctx, record?.userId ?? null, reason);
      }
      if (record.role === null) throw new AppError('PROFILE_NOT_FOUND');
      // product §8: any login failure is the generic message; the owner hears why by email.
      if (record.status !== 'active') return refuseInactive('auth.login', record, ctx);
      await succeeded(accountNumber, ip);
      // The success row and, from a browser new to this customer, the alert email commit with the session.
      const signedIn = await startSession(record.userId, ctx, {
        audit: {
          action: 'auth.login',
          outcome: 'success',
          actorId: record.userId,
          actorRole: record.role,
          subjectType: 'user',
          subjectId: record.userId,
          ip: ctx.ip,
        },
        alertNewDevice: true,
      });
      if (!signedIn.session.user) throw new AppError('PROFILE_NOT_FOUND');
      return signedIn;
    },

    async adminLoginStart({ email: rawEmail, password }, ctx) {
      const email = normaliseEmail(rawEmail);
      const record = await users.findLoginByEmail(email);
      const ip = ipKey(ctx.ip);
      const claim = await throttle.claim([ip, await bucketFor(email, record, ctx)]);
      if (!claim.allowed) return refuse(null, 'auth.admin_login', ctx, record?.userId ?? null, 'locked');
      const passwordOk = await verifyPassword(record?.passwordHash ?? null, password);
      if (!record || !passwordOk) {
        return refuse(
          claim,
          'auth.admin_login',
          ctx,
          record?.userId ?? null,
          !record ? 'unknown email' : 'wrong password',
        );
      }
      if (record.role === null) throw new AppError('PROFILE_NOT_FOUND');
      // A customer's correct password at the staff door is still "wrong credentials" here.
      if (record.role !== 'admin') {
        return refuse(claim, 'auth.admin_login', ctx, record.userId, 'not an active admin');
      }
      // A suspended or closed admin: the same answer, and an email saying why.
      if (record.status !== 'active') return refuseInactive('auth.admin_login', record, ctx);
      // The password is right: this attempt was no failure (a client retrying while the code's
      // resend interval runs must not back its own account off). The code step counts on its own.
      for (const count of claim.counts) await throttle.release(count.key);
      await otp.sendCode('admin_login', email);
      const pendingId = await pending.start({ purpose: 'admin_login', email, userId: record.userId });
      await audit.record(db, {
        action: 'auth.admin_login.code_sent',
        outcome: 'success',
        subjectType: 'user',
        subjectId: record.userId,
        ip: ctx.ip,
      });
      return { email, pendingId };
    },

    async adminLoginVerify({ email: rawEmail, code }, ctx) {
      const email = normaliseEmail(rawEmail);
      const record = await users.findLoginByEmail(email);
      const ip = ipKey(ctx.ip);
      const claim = await throttle.claim([ip, await bucketFor(email, record, ctx)]);
      if (!claim.allowed) return refuse(null, 'auth.admin_verify', ctx, record?.userId ?? null, 'locked');
      // Without this browser's first step the code is a wrong one: same answer, and it counts.
      const bound = await pending.isLive(ctx.pendingId ?? null, 'admin_login', email);
      const result = await otp.verifyCode('admin_login', email, bound ? code : NOT_THIS_BROWSER);
      const consumed =
        result.status === 'ok' &&
        !!ctx.pendingId &&
        (await pending.consume(ctx.pendingId, 'admin_login', email));
      if (!consumed) {
        await audit.record(db, {
          action: 'auth.admin_verify',
          outcome: 'failure',
          subjectType: 'user',
          subjectId: record?.userId ?? null,
          ip: ctx.ip,
          reason: bound ? result.status : 'not the browser of the first step',
        });
        throw otpError(result.status === 'ok' ? { status: 'invalid' } : result);
      }
      // The code proves the mailbox; the role is checked again in case it changed in between.
      if (!record || record.role !== 'admin' || record.status !== 'active') {
        return refuse(claim, 'auth.admin_verify', ctx, record?.userId ?? null, 'not an active admin');
      }
      await succeeded(email, ip);
      const signedIn = await startSession(record.userId, ctx);
      await audit.record(db, {
        action: 'auth.admin_login',
        outcome: 'success',
        actorId: record.userId,
        actorRole: 'admin',
        subjectType: 'user',
        subjectId: record.userId,
        ip: ctx.ip,
      });
      return signedIn;
    },

    async passkeyLogin(userId, ctx) {
      const record = await users.findLoginById(userId);
      if (!record || record.role !== 'user') {
        return refuse(null, 'auth.login', ctx, record?.userId ?? null, 'passkey of no customer');
      }
      if (record.status !== 'active') return refuseInactive('auth.login', record, ctx);
      // As the password login: the success row and a new browser's alert commit with the session.
      const signedIn = await startSession(record.userId, ctx, {
        audit: {
          action: 'auth.login',
          outcome: 'success',
          actorId: record.userId,
          actorRole: record.role,
          subjectType: 'user',
          subjectId: record.userId,
          ip: ctx.ip,
          details: { method: 'passkey' },
        },
        alertNewDevice: true,
      });
      if (!signedIn.session.user) throw new AppError('PROFILE_NOT_FOUND');
      return signedIn;
    },

    async logout(auth, ctx) {
      if (!auth) return;
      await sessions.revoke(db, { idHash: auth.idHash });
      await audit.record(db, {
        action: 'auth.logout',
        outcome: 'success',
        actorId: auth.userId,
        actorRole: auth.user?.role ?? null,
        subjectType: 'user',
        subjectId: auth.userId,
        ip: ctx.ip,
      });
    },

    async changePassword(auth, { currentPassword, newPassword, stepUpToken }, ctx, requireSecondFactor) {
      const checked = await recheckPassword(auth, currentPassword, {
        ...ctx,
        action: 'auth.password_change',
      });
      if (checked !== 'ok') {
        await audit.record(db, {
          action: 'auth.password_change',
          outcome: 'failure',
          actorId: auth.userId,
          subjectType: 'user',
          subjectId: auth.userId,
          ip: ctx.ip,
          reason: 'wrong current password',
        });
        throw new AppError('CURRENT_PASSWORD_INCORRECT', { field: 'currentPassword' });
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // After the password check, so a wrong password leaves the proof for the retry; spent in
        // this transaction, so a change that fails leaves it too.
        if (auth.user?.role !== 'admin' && requireSecondFactor) {
          await requireSecondFactor(stepUpToken ?? null, tx);
        }
        await users.setPasswordHash(tx, auth.userId, passwordHash);
        // Whoever else holds a session (a stolen cookie, a forgotten laptop) is signed out.
        await sessions.revokeAllForUser(tx, auth.userId, auth.idHash);
        await audit.record(tx, {
          action: 'auth.password_change',
          outcome: 'success',
          actorId: auth.userId,
          actorRole: auth.user?.role ?? null,
          subjectType: 'user',
          subjectId: auth.userId,
          ip: ctx.ip,
        });
        // The owner hears of it by email, in the same transaction as the change (issue 17).
        await deps.alerts.passwordChanged(tx, auth.userId, 'profile');
      });
      deps.alerts.nudge();
    },
  };
}
