import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_ACCOUNT_LIMIT_CENTS,
  formatCents,
  type ContactFields,
  type Profile,
  type Signup,
  STAFF_ROLE_DEFAULT,
  type StaffRole,
} from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { accounts, identities, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert, isUniqueViolation } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { ACCOUNT_NUMBER_ATTEMPTS_MAX, drawAccountNumber, type RandomInt } from './account-numbers';
import { avatarUrlFor } from './avatar';

/** NOTIFY channel carrying the id of a user whose profile or balance changed. */
export const PROFILE_CHANNEL = 'larkspur_profile_changed';
/** Users per NOTIFY statement: bounds one statement's size under a burst of changes. */
const NUDGES_PER_STATEMENT_MAX = 500;

export interface LoginRecord {
  userId: string;
  passwordHash: string;
  /** Null when the login identity has no profile (product §8: "User profile not found."). */
  role: 'user' | 'admin' | null;
  status: 'active' | 'suspended' | 'closed' | null;
}

export interface UserService {
  /** Opens a customer: login identity, profile with a fresh account number, ledger account. */
  createCustomer(
    tx: DbOrTx,
    input: { signup: Signup; passwordHash: string },
  ): Promise<{ userId: string; accountNumber: string }>;
  createAdmin(
    tx: DbOrTx,
    input: {
      email: string;
      passwordHash: string;
      firstName: string;
      surname: string;
      /** The permission set (decision 0167); administrator when not given. */
      staffRole?: StaffRole;
    },
  ): Promise<{ userId: string }>;
  emailExists(email: string): Promise<boolean>;
  findLoginByAccountNumber(accountNumber: string): Promise<LoginRecord | null>;
  findLoginByEmail(email: string): Promise<LoginRecord | null>;
  findLoginById(userId: string): Promise<LoginRecord | null>;
  getProfile(userId: string): Promise<Profile | null>;
  updateContact(
    tx: DbOrTx,
    userId: string,
    patch: Partial<ContactFields>,
  ): Promise<{ before: Partial<ContactFields>; after: Partial<ContactFields> }>;
  setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void>;
  /**
   * Tells every instance's live streams that these users' profile or balance changed. Call it
   * once the change has committed; it returns at once and never fails the caller (decision 0017).
   */
  profilesChanged(userIds: string[]): void;
}

export function createUserService(deps: {
  db: Database;
  clock: Clock;
  cipher: FieldCipher;
  randomInt?: RandomInt;
  /** Issues the new customer's debit card inside the sign-up transaction (the cards module). */
  issueCard?: (tx: DbOrTx, userId: string, holderName: string) => Promise<void>;
}): UserService {
  const { db, clock, cipher } = deps;

  // A NOTIFY inside a transaction takes a database-wide lock at its commit, which serializes every
  // committing transaction that notified (pgbench: 2,751 → 1,006 tps with one added). So the nudges
  // go out after the change commits, and the ones that arrive while a NOTIFY is in flight are
  // coalesced into the next: one statement per batch, never more than one at a time. A nudge is
  // a hint to refetch, not data: one lost to a crash right after the commit only delays a live
  // view until its next fetch.
  const pendingNudges = new Set<string>();
  let nudging = false;
  async function sendNudges(): Promise<void> {
    nudging = true;
    try {
      while (pendingNudges.size > 0) {
        const ids = [...pendingNudges].slice(0, NUDGES_PER_STATEMENT_MAX);
        for (const id of ids) pendingNudges.delete(id);
        const list = sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        );
        await db
          .execute(
            sql`select pg_notify(${PROFILE_CHANNEL}, user_id) from unnest(array[${list}]::text[]) as u(user_id)`,
          )
          .catch(() => undefined);
      }
    } finally {
      nudging = false;
    }
  }
  const profilesChanged: UserService['profilesChanged'] = (userIds) => {
    for (const id of userIds) pendingNudges.add(id);
    if (!nudging && pendingNudges.size > 0) void sendNudges();
  };

  const loginColumns = {
    userId: identities.id,
    passwordHash: identities.passwordHash,
    role: profiles.role,
    status: profiles.status,
  };

  async function insertProfileWithFreshNumber(
    tx: DbOrTx,
    values: Omit<typeof profiles.$inferInsert, 'accountNumber'>,
  ): Promise<string> {
    for (let attempt = 0; attempt < ACCOUNT_NUMBER_ATTEMPTS_MAX; attempt++) {
      const candidate = drawAccountNumber(deps.randomInt);
      const taken = await tx
        .select({ one: sql<number>`1` })
        .from(profiles)
        .where(eq(profiles.accountNumber, candidate))
        .limit(1);
      if (taken.length > 0) continue;
      try {
        // A savepoint, so that losing a race for the number leaves the sign-up transaction usable.
        await tx.transaction(async (sp) => {
          await sp.insert(profiles).values({ ...values, accountNumber: candidate });
        });
        return candidate;
      } catch (error) {
        if (isUniqueViolation(error, 'profiles_account_number_key')) continue;
        throw error;
      }
    }
    throw new Error(`no free account number after ${ACCOUNT_NUMBER_ATTEMPTS_MAX} draws`);
  }

  return {
    async createCustomer(tx, { signup, passwordHash }) {
      const now = clock.now();
      let userId: string;
      try {
        const rows = await tx.transaction(async (sp) =>
          sp
            .insert(identities)
            .values({ email: signup.email, passwordHash, passwordChangedAt: now, createdAt: now })
            .returning({ id: identities.id }),
        );
        const row = rows[0];
        assert(row, 'identity insert returned no row');
        userId = row.id;
      } catch (error) {
        if (isUniqueViolation(error, 'identities_email_key')) throw new AppError('SIGNUP_CONFLICT');
        throw error;
      }
      const accountNumber = await insertProfileWithFreshNumber(tx, {
        userId,
        role: 'user',
        status: 'active',
        firstName: signup.firstName,
        surname: signup.surname,
        phone: signup.phone,
        address: signup.address,
        zipCode: signup.zipCode,
        country: signup.country,
        maritalStatus: signup.maritalStatus,
        occupation: signup.occupation,
        ssnEncrypted: cipher.encrypt(signup.ssn),
        ssnLast4: signup.ssn.slice(-4),
        dob: signup.dob,
        accountLimitCents: DEFAULT_ACCOUNT_LIMIT_CENTS,
        avatarUrl: avatarUrlFor(signup.firstName, signup.surname),
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(accounts).values({ kind: 'customer', userId, balanceCents: 0n, createdAt: now });
      await deps.issueCard?.(tx, userId, `${signup.firstName} ${signup.surname}`);
      return { userId, accountNumber };
    },

    async createAdmin(tx, input) {
      const now = clock.now();
      const rows = await tx
        .insert(identities)
        .values({
          email: input.email,
          passwordHash: input.passwordHash,
          passwordChangedAt: now,
          createdAt: now,
        })
        .returning({ id: identities.id });
      const row = rows[0];
      assert(row, 'identity insert returned no row');
      await tx.insert(profiles).values({
        userId: row.id,
        role: 'admin',
        staffRole: input.staffRole ?? STAFF_ROLE_DEFAULT,
        status: 'active',
        firstName: input.firstName,
        surname: input.surname,
        accountLimitCents: 0n,
        avatarUrl: avatarUrlFor(input.firstName, input.surname),
        createdAt: now,
        updatedAt: now,
      });
      return { userId: row.id };
    },

    async emailExists(email) {
      const rows = await db
        .select({ id: identities.id })
        .from(identities)
        .where(eq(identities.email, email))
        .limit(1);
      return rows.length > 0;
    },

    async findLoginByAccountNumber(accountNumber) {
      const rows = await db
        .select(loginColumns)
        .from(profiles)
        .innerJoin(identities, eq(identities.id, profiles.userId))
        .where(eq(profiles.accountNumber, accountNumber))
        .limit(1);
      return rows[0] ?? null;
    },

    async findLoginByEmail(email) {
      const rows = await db
        .select(loginColumns)
        .from(identities)
        .leftJoin(profiles, eq(profiles.userId, identities.id))
        .where(eq(identities.email, email))
        .limit(1);
      return rows[0] ?? null;
    },

    async findLoginById(userId) {
      const rows = await db
        .select(loginColumns)
        .from(identities)
        .leftJoin(profiles, eq(profiles.userId, identities.id))
        .where(eq(identities.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async getProfile(userId) {
      const rows = await db
        .select({
          profile: profiles,
          email: identities.email,
          balanceCents: accounts.balanceCents,
          heldCents: accounts.heldCents,
          currency: accounts.currency,
        })
        .from(profiles)
        .innerJoin(identities, eq(identities.id, profiles.userId))
        .leftJoin(accounts, eq(accounts.userId, profiles.userId))
        .where(eq(profiles.userId, userId))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const p = row.profile;
      const created = p.createdAt.toISOString();
      return {
        uid: p.userId,
        firstName: p.firstName,
        surname: p.surname,
        email: row.email,
        phone: p.phone,
        address: p.address,
        zipCode: p.zipCode,
        country: p.country,
        maritalStatus: p.maritalStatus,
        occupation: p.occupation,
        ssnLast4: p.ssnLast4 ?? '',
        dob: p.dob,
        accountNumber: p.accountNumber ?? '',
        balance: formatCents(row.balanceCents ?? 0n),
        // Read in the same row as the balance, so the two always agree (decision 0070).
        availableBalance: formatCents((row.balanceCents ?? 0n) - (row.heldCents ?? 0n)),
        currency: row.currency ?? 'USD',
        status: p.status,
        role: p.role,
        avatar: p.avatarUrl,
        accountLimit: formatCents(p.accountLimitCents),
        createdAt: created,
        created_at: created,
      };
    },

    async updateContact(tx, userId, patch) {
      const current = await tx
        .select()
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for('update')
        .limit(1);
      const row = current[0];
      if (!row) throw new AppError('PROFILE_NOT_FOUND');
      const before: Partial<ContactFields> = {};
      for (const key of Object.keys(patch) as (keyof ContactFields)[]) {
        before[key] = row[key] as never;
      }
      await tx
        .update(profiles)
        .set({ ...patch, updatedAt: clock.now() })
        .where(eq(profiles.userId, userId));
      return { before, after: patch };
    },

    async setPasswordHash(tx, userId, passwordHash) {
      await tx
        .update(identities)
        .set({ passwordHash, passwordChangedAt: clock.now() })
        .where(eq(identities.id, userId));
    },

    profilesChanged,
  };
}
