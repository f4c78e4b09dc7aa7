import type { Signup } from '@larkspur/contract';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuditLog } from '../audit/audit-log';
import {
  normaliseEmail,
  renderSignupAttemptNotice,
  type EmailBrand,
  type OtpService,
  type OtpVerifyResult,
} from '../email/index';
import type { UserService } from '../users/user-service';
import { accountKey, ipKey, type LoginThrottle } from './login-throttle';
import type { ResolvedSession, SessionStore } from './session-store';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
  /** The session the request arrived with, if any: ended at sign-in so its id cannot be reused (fixation). */
  previousSessionId: string | null;
}

export interface SignedIn {
  sessionId: string;
  session: ResolvedSession;
}

export interface AuthService {
  signupStart(signup: Signup): Promise<{ email: string }>;
  signupVerify(
    signup: Signup,
    code: string,
    ctx: RequestContext,
  ): Promise<SignedIn & { accountNumber: string }>;
  login(input: { accountNumber: string; password: string }, ctx: RequestContext): Promise<SignedIn>;
  adminLoginStart(
    input: { email: string; password: string },
    ctx: RequestContext,
  ): Promise<{ email: string }>;
  adminLoginVerify(input: { email: string; code: string }, ctx: RequestContext): Promise<SignedIn>;
  logout(auth: ResolvedSession | null, ctx: RequestContext): Promise<void>;
  changePassword(
    auth: ResolvedSession,
    input: { currentPassword: string; newPassword: string },
    ctx: RequestContext,
  ): Promise<void>;
}

function otpError(result: Exclude<OtpVerifyResult, { status: 'ok' }>): AppError {
  if (result.status === 'expired') return new AppError('OTP_EXPIRED', { field: 'code' });
  if (result.status === 'too_many_attempts') return new AppError('OTP_ATTEMPTS_EXCEEDED', { field: 'code' });
  return new AppError('OTP_INVALID', { field: 'code' });
}

export function createAuthService(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  otp: OtpService;
  audit: AuditLog;
  brand: EmailBrand;
}): AuthService {
  const { db, clock, users, sessions, throttle, otp, audit, brand } = deps;

  async function startSession(userId: string, ctx: RequestContext): Promise<SignedIn> {
    const created = await db.transaction(async (tx) => {
      if (ctx.previousSessionId) await sessions.revoke(tx, { rawId: ctx.previousSessionId });
      return sessions.create(tx, { userId, ip: ctx.ip, userAgent: ctx.userAgent });
    });
    const session = await sessions.resolve(created.id);
    assert(session, 'a session just created must resolve');
    return { sessionId: created.id, session };
  }

  /** Wrong account, wrong password, locked: one answer, and one password check's worth of time. */
  async function refuse(
    keys: ReturnType<typeof accountKey>[],
    action: string,
    ctx: RequestContext,
    subjectId: string | null,
    reason: string,
  ): Promise<never> {
    // Tries while locked are not counted: no password was checked, and counting them would let
    // the real owner, retrying, extend their own lock.
    const lockedNow = reason === 'locked' ? false : await throttle.recordFailure(keys);
    await audit.record(db, {
      action,
      outcome: 'failure',
      subjectType: 'user',
      subjectId,
      ip: ctx.ip,
      reason,
    });
    if (lockedNow) {
      await audit.record(db, {
        action: 'auth.lockout',
        outcome: 'denied',
        subjectType: 'user',
        subjectId,
        ip: ctx.ip,
        reason: action,
      });
    }
    throw new AppError('LOGIN_FAILED');
  }

  return {
    async signupStart(signup) {
      const email = normaliseEmail(signup.email);
      if (await users.emailExists(email)) {
        // Same answer to the visitor; the owner of the address learns someone tried.
        const notice = renderSignupAttemptNotice({ to: email, now: clock.now() }, brand);
        await otp.sendNotice('signup', email, { to: email, ...notice });
      } else {
        await otp.sendCode('signup', email);
      }
      return { email };
    },

    async signupVerify(signup, code, ctx) {
      const email = normaliseEmail(signup.email);
      const result = await otp.verifyCode('signup', email, code);
      if (result.status !== 'ok') throw otpError(result);
      const passwordHash = await hashPassword(signup.password);
      const created = await db.transaction(async (tx) => {
        const customer = await users.createCustomer(tx, { signup: { ...signup, email }, passwordHash });
        await audit.record(tx, {
          action: 'auth.signup',
          outcome: 'success',
          actorId: customer.userId,
          actorRole: 'user',
          subjectType: 'user',
          subjectId: customer.userId,
          ip: ctx.ip,
          details: { accountNumber: customer.accountNumber },
        });
        return customer;
      });
      const signedIn = await startSession(created.userId, ctx);
      return { ...signedIn, accountNumber: created.accountNumber };
    },

    async login({ accountNumber, password }, ctx) {
      const keys = [accountKey(accountNumber), ipKey(ctx.ip)];
      // SPEC §5: the identifier must be an account number; an email is refused like a wrong password.
      const identifierOk = !accountNumber.includes('@');
      const locked = await throttle.isLocked(keys);
      const record =
        identifierOk && !locked ? await users.findLoginByAccountNumber(accountNumber.trim()) : null;
      const passwordOk = await verifyPassword(record?.passwordHash ?? null, password);
      if (!record || !passwordOk || locked) {
        const reason = !identifierOk
          ? 'email as identifier'
          : locked
            ? 'locked'
            : !record
              ? 'unknown account'
              : 'wrong password';
        return refuse(keys, 'auth.login', ctx, record?.userId ?? null, reason);
      }
      // The password is proven: from here on the person may learn about their own account.
      if (record.role === null) throw new AppError('PROFILE_NOT_FOUND');
      if (record.status === 'suspended' || record.status === 'closed') {
        await audit.record(db, {
          action: 'auth.login',
          outcome: 'denied',
          subjectType: 'user',
          subjectId: record.userId,
          ip: ctx.ip,
          reason: record.status,
        });
        throw new AppError(record.status === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_CLOSED');
      }
      await throttle.reset(keys[0]!);
      const signedIn = await startSession(record.userId, ctx);
      if (!signedIn.session.user) throw new AppError('PROFILE_NOT_FOUND');
      await audit.record(db, {
        action: 'auth.login',
        outcome: 'success',
        actorId: record.userId,
        actorRole: record.role,
        subjectType: 'user',
        subjectId: record.userId,
        ip: ctx.ip,
      });
      return signedIn;
    },

    async adminLoginStart({ email: rawEmail, password }, ctx) {
      const email = normaliseEmail(rawEmail);
      const keys = [accountKey(email), ipKey(ctx.ip)];
      const locked = await throttle.isLocked(keys);
      const record = locked ? null : await users.findLoginByEmail(email);
      const passwordOk = await verifyPassword(record?.passwordHash ?? null, password);
      if (!record || !passwordOk || locked) {
        return refuse(
          keys,
          'auth.admin_login',
          ctx,
          record?.userId ?? null,
          locked ? 'locked' : !record ? 'unknown email' : 'wrong password',
        );
      }
      if (record.role === null) throw new AppError('PROFILE_NOT_FOUND');
      // A customer's correct password at the staff door is still "wrong credentials" here.
      if (record.role !== 'admin' || record.status !== 'active') {
        return refuse(keys, 'auth.admin_login', ctx, record.userId, 'not an active admin');
      }
      await otp.sendCode('admin_login', email);
      await audit.record(db, {
        action: 'auth.admin_login.code_sent',
        outcome: 'success',
        subjectType: 'user',
        subjectId: record.userId,
        ip: ctx.ip,
      });
      return { email };
    },

    async adminLoginVerify({ email: rawEmail, code }, ctx) {
      const email = normaliseEmail(rawEmail);
      const keys = [accountKey(email), ipKey(ctx.ip)];
      if (await throttle.isLocked(keys)) return refuse(keys, 'auth.admin_verify', ctx, null, 'locked');
      const result = await otp.verifyCode('admin_login', email, code);
      if (result.status !== 'ok') {
        await throttle.recordFailure(keys);
        await audit.record(db, {
          action: 'auth.admin_verify',
          outcome: 'failure',
          ip: ctx.ip,
          reason: result.status,
        });
        throw otpError(result);
      }
      const record = await users.findLoginByEmail(email);
      // The code proves the mailbox; the role is checked again in case it changed in between.
      if (!record || record.role !== 'admin' || record.status !== 'active') {
        return refuse(keys, 'auth.admin_verify', ctx, record?.userId ?? null, 'not an active admin');
      }
      await throttle.reset(keys[0]!);
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

    async changePassword(auth, { currentPassword, newPassword }, ctx) {
      const record = await users.findLoginById(auth.userId);
      assert(record, 'a signed-in user has a login identity');
      if (!(await verifyPassword(record.passwordHash, currentPassword))) {
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
      });
    },
  };
}
