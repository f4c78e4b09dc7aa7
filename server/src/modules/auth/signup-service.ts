import { eq } from 'drizzle-orm';
import type { Signup } from '@larkspur/contract';
import type { Tx } from '../../db/client';
import { identities, profiles } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { normaliseEmail, renderSignupAttemptNotice, type OtpVerifyResult, otpError } from '../email/index';
import type { AuthDeps, FirstStep } from './auth-service';
import type { RequestContext, SessionStarter, SignedIn } from './session-start';

/**
 * A code sent as the second step without this browser's first step: longer than any code can be,
 * so the code check counts it as a wrong try without hashing it (decision 0080).
 */
const NOT_THIS_BROWSER = 'x'.repeat(64);

export interface SignupService {
  signupStart(signup: Signup): Promise<FirstStep>;
  signupVerify(
    signup: Signup,
    code: string,
    ctx: RequestContext,
  ): Promise<SignedIn & { accountNumber: string }>;
}

/** What the sign-up verify transaction decided: committed either way (a wrong try stays counted). */
type VerifyOutcome =
  | { refused: Exclude<OtpVerifyResult, { status: 'ok' }> }
  | { userId: string; accountNumber: string; session: { id: string } };

/**
 * Opening an account (decisions 0080, 0106): the address proven with a code in this browser, then
 * the customer, their audit row, the welcome email and the first session in one transaction; the
 * same second step sent again after its answer was lost gets the same account back.
 */
export function createSignupService(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'users' | 'otp' | 'audit' | 'brand' | 'pending' | 'alerts'>,
  starter: SessionStarter,
): SignupService {
  const { db, clock, users, otp, audit, brand, pending } = deps;
  const { openSession, signedInAs } = starter;

  /**
   * A sign-up's second step sent again after it succeeded — its answer lost with the connection at
   * COMMIT (decision 0106). Only the same request counts: this browser's first step (locked by the
   * caller), the same code (a wrong one counts as a wrong try on it, so the window cannot be used
   * to guess) within its lifetime, and the password the account was opened with (another one
   * counts as a wrong code too). It answers with that account and a fresh session; anything else
   * gets the answer a used code gets.
   */
  async function repeatSignupVerify(
    tx: Tx,
    userId: string | null,
    password: string,
    email: string,
    code: string,
    ctx: RequestContext,
  ): Promise<VerifyOutcome> {
    if (userId === null) return { refused: { status: 'invalid' } };
    const [account] = await tx
      .select({
        passwordHash: identities.passwordHash,
        accountNumber: profiles.accountNumber,
        status: profiles.status,
      })
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(eq(identities.id, userId))
      .limit(1);
    const same =
      !!account?.accountNumber &&
      account.status === 'active' &&
      (await verifyPassword(account.passwordHash, password));
    // Another password counts as a wrong code: the window cannot be used to guess that either.
    const result = await otp.reverifyUsedCode(tx, 'signup', email, same ? code : NOT_THIS_BROWSER);
    if (result.status !== 'ok') return { refused: result };
    if (!account?.accountNumber) return { refused: { status: 'invalid' } };
    await audit.record(tx, {
      action: 'auth.signup.repeated',
      outcome: 'success',
      actorId: userId,
      actorRole: 'user',
      subjectType: 'user',
      subjectId: userId,
      ip: ctx.ip,
      details: { accountNumber: account.accountNumber },
    });
    const session = await openSession(tx, userId, ctx);
    return { userId, accountNumber: account.accountNumber, session };
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
      // Set either way, so the answer does not tell whether the address banks here.
      const pendingId = await pending.start({ purpose: 'signup', email, userId: null });
      return { email, pendingId };
    },

    async signupVerify(signup, code, ctx) {
      const email = normaliseEmail(signup.email);
      // One transaction: the code and the browser's first step used, the customer, its audit entry
      // and its session — all or nothing (decision 0106). The first step stays locked throughout,
      // so the same second step sent twice at once runs one after the other.
      const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
        const step = await pending.lockForSecondStep(tx, ctx.pendingId ?? null, 'signup', email);
        if (!step) {
          // Another browser's code counts as a wrong one, so it also uses up the code's tries.
          const wrong = await otp.verifyCode('signup', email, NOT_THIS_BROWSER, tx);
          return { refused: wrong.status === 'ok' ? { status: 'invalid' } : wrong };
        }
        if (step.consumedAt === null) {
          const result = await otp.verifyCode('signup', email, code, tx);
          if (result.status !== 'ok') return { refused: result };
          const passwordHash = await hashPassword(signup.password);
          const customer = await users.createCustomer(tx, { signup: { ...signup, email }, passwordHash });
          await pending.markUsed(tx, step.idHash, customer.userId);
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
          // The account number and how to log in, by email: it exists exactly when the account does.
          await deps.alerts.welcome(tx, {
            to: email,
            firstName: signup.firstName,
            accountNumber: customer.accountNumber,
          });
          const session = await openSession(tx, customer.userId, ctx);
          return { ...customer, session };
        }
        return repeatSignupVerify(tx, step.userId, signup.password, email, code, ctx);
      });
      if ('refused' in outcome) throw otpError(outcome.refused);
      deps.alerts.nudge();
      const signedIn = await signedInAs(outcome.userId, outcome.session, ctx);
      return { ...signedIn, accountNumber: outcome.accountNumber };
    },
  };
}
