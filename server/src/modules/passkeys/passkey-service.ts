import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, or } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import {
  PASSKEY_RESET_REMOVAL_WINDOW_HOURS,
  PASSKEY_STEP_UP_DELAY_HOURS,
  PASSKEYS_PER_CUSTOMER_MAX,
  type AccountStepUpAction,
  type AuthenticationResponse,
  type Passkey,
  type RegistrationResponse,
  type WebauthnOptions,
} from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { identities, passkeys, profiles, webauthnChallenges } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import type { AuthService, RecheckResult, RequestContext, SignedIn } from '../auth/index';
import type { ResolvedSession } from '../auth/index';
import {
  renderPasskeyAddedNotice,
  renderPasskeyRemovedNotice,
  type EmailBrand,
  type Outbox,
} from '../email/index';
import {
  WEBAUTHN_CHALLENGE_TTL_MS,
  WEBAUTHN_TIMEOUT_MS,
  acceptedOrigin,
  asAuthenticationJSON,
  asRegistrationJSON,
  sha256,
  type WebauthnSettings,
} from './webauthn';

/** 256 random bits, base64url: the passkey sign-in cookie's value. */
const SIGN_IN_BINDING_BYTES = 32;
/** Longest cookie value we bother hashing (a real one is 43 characters). */
const SIGN_IN_BINDING_LENGTH_MAX = 64;

type PasskeyRow = typeof passkeys.$inferSelect;

export function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

export function toCredential(row: PasskeyRow): WebAuthnCredential {
  return {
    id: row.credentialId,
    publicKey: Buffer.from(row.publicKey, 'base64url'),
    counter: row.counter,
    transports: row.transports as AuthenticatorTransport[],
  };
}

/**
 * Verifies an assertion by one of the bank's passkeys against a challenge, and records the use:
 * the counter must move forward (a cloned authenticator's stale counter is refused by the
 * library; the conditional update refuses two uses racing with one counter value).
 * Returns the passkey row, or null when the assertion does not verify.
 */
export async function verifyAssertion(
  deps: { db: Database; clock: Clock; settings: WebauthnSettings },
  input: {
    response: AuthenticationResponse;
    challenge: string;
    userId?: string;
    /** Only a passkey added before this counts (step-up: PASSKEY_STEP_UP_DELAY_HOURS, decision 0185). */
    addedBefore?: Date;
  },
): Promise<PasskeyRow | null> {
  const { db, clock, settings } = deps;
  const [row] = await db
    .select()
    .from(passkeys)
    .where(
      and(
        eq(passkeys.credentialId, input.response.id),
        input.userId ? eq(passkeys.userId, input.userId) : undefined,
        input.addedBefore ? lte(passkeys.createdAt, input.addedBefore) : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  // A discoverable credential names its user: it must be the passkey's owner (registered as the
  // 16 bytes of the user id).
  const userHandle = input.response.response.userHandle;
  if (userHandle && userHandle !== Buffer.from(row.userId.replaceAll('-', ''), 'hex').toString('base64url')) {
    return null;
  }
  const origin = acceptedOrigin(settings, input.response.response.clientDataJSON);
  if (!origin) return null;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: asAuthenticationJSON(input.response),
      expectedChallenge: input.challenge,
      expectedOrigin: origin,
      expectedRPID: settings.rpId,
      credential: toCredential(row),
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return null;
  }
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: clock.now() })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning({ id: passkeys.id });
  return updated.length === 1 ? { ...row, counter: newCounter } : null;
}

/** When a passkey added at `createdAt` may answer a step-up alone (decision 0185). */
export function trustedPasskeysAddedBefore(now: Date): Date {
  return new Date(now.getTime() - PASSKEY_STEP_UP_DELAY_HOURS * 3_600_000);
}

/**
 * Options for an assertion by one of this customer's passkeys added before `addedBefore`
 * (step-up); null when there is none, and the emailed code is asked instead.
 */
export async function assertionOptionsFor(
  db: DbOrTx,
  settings: WebauthnSettings,
  userId: string,
  addedBefore: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), lte(passkeys.createdAt, addedBefore)));
  if (rows.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: settings.rpId,
    userVerification: 'required',
    timeout: WEBAUTHN_TIMEOUT_MS,
    allowCredentials: rows.map((r) => ({
      id: r.credentialId,
      transports: r.transports as AuthenticatorTransport[],
    })),
  });
}

/**
 * A password reset evicts whoever was in (decision 0186): the passkeys added within
 * PASSKEY_RESET_REMOVAL_WINDOW_HOURS before `now` go, inside the reset's transaction, each with an
 * audit row (the customer's security events show "Passkey removed"). Returns their names, for the
 * "password changed" email.
 */
export async function removeRecentPasskeysOnReset(
  tx: DbOrTx,
  audit: AuditLog,
  input: { userId: string; now: Date; ip: string },
): Promise<string[]> {
  const since = new Date(input.now.getTime() - PASSKEY_RESET_REMOVAL_WINDOW_HOURS * 3_600_000);
  const removed = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.userId, input.userId), gte(passkeys.createdAt, since)))
    .returning({ id: passkeys.id, name: passkeys.name });
  for (const passkey of removed) {
    await audit.record(tx, {
      action: 'passkey.remove',
      outcome: 'success',
      actorId: input.userId,
      actorRole: 'user',
      subjectType: 'passkey',
      subjectId: passkey.id,
      ip: input.ip,
      reason: 'password reset',
      details: { name: passkey.name },
    });
  }
  return removed.map((passkey) => passkey.name).sort();
}

/** Spends a proof of the customer's second factor for this change, else throws SECOND_FACTOR_REQUIRED. */
export type RequireSecondFactor = (
  session: ResolvedSession,
  action: AccountStepUpAction,
  token: string | null,
  ctx: RequestContext,
  tx?: DbOrTx,
) => Promise<void>;

export interface PasskeyService {
  list(userId: string): Promise<Passkey[]>;
  /**
   * Step one of adding a passkey: the password again and a proof of the second factor the
   * customer already has (decision 0185), then the browser's creation options.
   */
  registrationOptions(
    auth: ResolvedSession,
    input: { password: string; stepUpToken: string | null },
    ctx: RequestContext,
  ): Promise<WebauthnOptions>;
  /** Step two: the authenticator's answer to this session's newest challenge. */
  register(
    auth: ResolvedSession,
    input: { name: string; response: RegistrationResponse },
    ctx: RequestContext,
  ): Promise<Passkey>;
  /** Needs a proof of the second factor, as adding does (decision 0185). */
  remove(
    auth: ResolvedSession,
    input: { passkeyId: string; stepUpToken: string | null },
    ctx: RequestContext,
  ): Promise<void>;
  /** Passkey sign-in, step one: options, and the raw value for this browser's challenge cookie. */
  signInOptions(): Promise<{ options: WebauthnOptions; binding: string }>;
  /** Step two: the assertion, from the browser that holds the cookie; a session as a password login makes. */
  signIn(response: AuthenticationResponse, binding: string | null, ctx: RequestContext): Promise<SignedIn>;
}

export function createPasskeyService(deps: {
  db: Database;
  clock: Clock;
  settings: WebauthnSettings;
  auth: AuthService;
  audit: AuditLog;
  outbox: Outbox;
  brand: EmailBrand;
  nudgeOutbox: () => void;
  requireSecondFactor: RequireSecondFactor;
}): PasskeyService {
  const { db, clock, settings, auth, audit, outbox, brand } = deps;

  const live = (now: Date) =>
    and(isNull(webauthnChallenges.consumedAt), gt(webauthnChallenges.expiresAt, now));

  async function saveChallenge(input: {
    purpose: 'register' | 'sign_in';
    challenge: string;
    bindingHash: string;
    userId: string | null;
  }): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.insert(webauthnChallenges).values({
        ...input,
        createdAt: now,
        expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
      });
      // Dead challenges are garbage; clearing them here needs no job (the index makes it cheap).
      await tx
        .delete(webauthnChallenges)
        .where(or(lt(webauthnChallenges.expiresAt, now), lt(webauthnChallenges.consumedAt, now)));
    });
  }

  /** Uses up the newest live challenge with this binding: exactly one caller gets it. */
  async function consumeChallenge(
    purpose: 'register' | 'sign_in',
    bindingHash: string,
  ): Promise<{ challenge: string; userId: string | null } | null> {
    const now = clock.now();
    const [newest] = await db
      .select({ id: webauthnChallenges.id })
      .from(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.bindingHash, bindingHash),
          eq(webauthnChallenges.purpose, purpose),
          live(now),
        ),
      )
      .orderBy(desc(webauthnChallenges.createdAt))
      .limit(1);
    if (!newest) return null;
    const [used] = await db
      .update(webauthnChallenges)
      .set({ consumedAt: now })
      .where(and(eq(webauthnChallenges.id, newest.id), live(now)))
      .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
    return used ?? null;
  }

  async function addressOf(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ email: identities.email })
      .from(identities)
      .where(eq(identities.id, userId))
      .limit(1);
    return row?.email ?? null;
  }

  async function recheck(session: ResolvedSession, password: string, ctx: RequestContext): Promise<void> {
    const checked: RecheckResult = await auth.recheckPassword(session, password, {
      ...ctx,
      action: 'passkey.add',
    });
    if (checked === 'ok') return;
    await audit.record(db, {
      action: 'passkey.add',
      outcome: 'failure',
      actorId: session.userId,
      actorRole: 'user',
      subjectType: 'user',
      subjectId: session.userId,
      ip: ctx.ip,
      reason: 'wrong password',
    });
    throw new AppError('CURRENT_PASSWORD_INCORRECT', { field: 'password' });
  }

  return {
    async list(userId) {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
        .limit(PASSKEYS_PER_CUSTOMER_MAX);
      return rows.map(toPasskeyDto);
    },

    async registrationOptions(session, { password, stepUpToken }, ctx) {
      await recheck(session, password, ctx);
      // The password alone is what a phisher has: the factor the customer already holds decides.
      await deps.requireSecondFactor(session, 'passkey.add', stepUpToken, ctx);
      const existing = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, session.userId));
      if (existing.length >= PASSKEYS_PER_CUSTOMER_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
      const [profile] = await db
        .select({
          accountNumber: profiles.accountNumber,
          firstName: profiles.firstName,
          surname: profiles.surname,
        })
        .from(profiles)
        .where(eq(profiles.userId, session.userId))
        .limit(1);
      if (!profile?.accountNumber) throw new AppError('FORBIDDEN');
      const options = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: settings.rpId,
        // The account number is what a customer signs in with; the authenticator shows it.
        userName: profile.accountNumber,
        userDisplayName: `${profile.firstName} ${profile.surname}`,
        userID: Buffer.from(session.userId.replaceAll('-', ''), 'hex'),
        timeout: WEBAUTHN_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((e) => ({
          id: e.credentialId,
          transports: e.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await saveChallenge({
        purpose: 'register',
        challenge: options.challenge,
        bindingHash: session.idHash,
        userId: session.userId,
      });
      return options as unknown as WebauthnOptions;
    },

    async register(session, { name, response }, ctx) {
      // Used up before it is checked: a failed or replayed answer cannot try the challenge again.
      const challenge = await consumeChallenge('register', session.idHash);
      if (!challenge || challenge.userId !== session.userId) throw new AppError('PASSKEY_FAILED');
      const origin = acceptedOrigin(settings, response.response.clientDataJSON);
      if (!origin) throw new AppError('PASSKEY_FAILED');
      let info;
      try {
        const result = await verifyRegistrationResponse({
          response: asRegistrationJSON(response),
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: settings.rpId,
          requireUserVerification: true,
        });
        if (!result.verified) throw new AppError('PASSKEY_FAILED');
        info = result.registrationInfo;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('PASSKEY_FAILED');
      }
      const email = await addressOf(session.userId);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ userId: passkeys.userId })
          .from(passkeys)
          .where(eq(passkeys.credentialId, info.credential.id))
          .limit(1);
        if (existing) throw new AppError('PASSKEY_ALREADY_REGISTERED');
        const [held] = await tx
          .select({ n: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, session.userId));
        if ((held?.n ?? 0) >= PASSKEYS_PER_CUSTOMER_MAX) throw new AppError('PASSKEY_LIMIT_REACHED');
        const [inserted] = await tx
          .insert(passkeys)
          .values({
            userId: session.userId,
            credentialId: info.credential.id,
            publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
            counter: info.credential.counter,
            transports: info.credential.transports ?? [],
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            name,
            createdAt: now,
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        // Two registrations of one credential at once: the unique index lets one in.
        if (!inserted) throw new AppError('PASSKEY_ALREADY_REGISTERED');
        await audit.record(tx, {
          action: 'passkey.add',
          outcome: 'success',
          actorId: session.userId,
          actorRole: 'user',
          subjectType: 'passkey',
          subjectId: inserted.id,
          ip: ctx.ip,
          details: { name },
        });
        if (email) {
          await outbox.enqueueEmail(tx, {
            to: email,
            ...renderPasskeyAddedNotice({ to: email, now, passkeyName: name }, brand),
          });
        }
        return inserted;
      });
      deps.nudgeOutbox();
      return toPasskeyDto(row);
    },

    async remove(session, { passkeyId, stepUpToken }, ctx) {
      await deps.requireSecondFactor(session, 'passkey.remove', stepUpToken, ctx);
      const email = await addressOf(session.userId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Someone else's passkey is answered exactly like a missing one.
        const [removed] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, session.userId)))
          .returning({ id: passkeys.id, name: passkeys.name });
        if (!removed) throw new AppError('PASSKEY_NOT_FOUND');
        await audit.record(tx, {
          action: 'passkey.remove',
          outcome: 'success',
          actorId: session.userId,
          actorRole: 'user',
          subjectType: 'passkey',
          subjectId: removed.id,
          ip: ctx.ip,
          details: { name: removed.name },
        });
        if (email) {
          await outbox.enqueueEmail(tx, {
            to: email,
            ...renderPasskeyRemovedNotice({ to: email, now, passkeyName: removed.name }, brand),
          });
        }
      });
      deps.nudgeOutbox();
    },

    async signInOptions() {
      // Discoverable credentials: the authenticator offers the customer's passkeys for this bank,
      // so nothing here names an account (no enumeration through the options).
      const options = await generateAuthenticationOptions({
        rpID: settings.rpId,
        userVerification: 'required',
        timeout: WEBAUTHN_TIMEOUT_MS,
      });
      const binding = crypto.randomBytes(SIGN_IN_BINDING_BYTES).toString('base64url');
      await saveChallenge({
        purpose: 'sign_in',
        challenge: options.challenge,
        bindingHash: sha256(binding),
        userId: null,
      });
      return { options: options as unknown as WebauthnOptions, binding };
    },

    async signIn(response, binding, ctx) {
      const refuse = async (reason: string, subjectId: string | null = null): Promise<never> => {
        await audit.record(db, {
          action: 'auth.login',
          outcome: 'failure',
          subjectType: 'user',
          subjectId,
          ip: ctx.ip,
          reason,
          details: { method: 'passkey' },
        });
        throw new AppError('LOGIN_FAILED');
      };
      if (!binding || binding.length > SIGN_IN_BINDING_LENGTH_MAX)
        return refuse('no passkey challenge cookie');
      const challenge = await consumeChallenge('sign_in', sha256(binding));
      if (!challenge) return refuse('passkey challenge missing, used or expired');
      const passkey = await verifyAssertion(
        { db, clock, settings },
        { response, challenge: challenge.challenge },
      );
      if (!passkey) return refuse('passkey assertion did not verify');
      return auth.passkeyLogin(passkey.userId, ctx);
    },
  };
}
