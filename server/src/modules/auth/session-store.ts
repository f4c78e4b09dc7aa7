import crypto from 'node:crypto';
import { and, eq, ne, lt, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@larkspur/contract';
import type { Database, DbOrTx } from '../../db/client';
import { retryIdempotentWriteOnce } from '../../db/unavailable';
import { identities, profiles, sessions } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { placeOfIp } from '../../lib/device-place';

/** 256 random bits, base64url: the only thing the browser holds. */
const SESSION_ID_BYTES = 32;
/** Longest cookie value we bother hashing (a real one is 43 characters). */
const SESSION_ID_LENGTH_MAX = 64;
/**
 * The idle deadline moves forward on activity, but writing it on every request would put a write
 * on every read; once a while is precise enough for a 15-minute timeout.
 */
export const SESSION_TOUCH_INTERVAL_MS = 30_000;
const USER_AGENT_LENGTH_MAX = 300;
/**
 * Signed-in browsers one person may have at once (decision 0148): a sign-in beyond it ends the
 * oldest, so a script signing in in a loop cannot grow the table without bound, and the security
 * page's list stays short enough to read.
 */
export const SESSIONS_PER_USER_MAX = 10;
/**
 * NOTIFY channel carrying the id hash of every session that was revoked (logout, sign-in rotation,
 * password change, suspension). Each instance ends its own live streams of that session at once
 * (decision 0090): without it, a stream outlived its session until its next heartbeat check.
 */
export const SESSION_REVOKED_CHANNEL = 'larkspur_session_revoked';

export interface SessionUserRecord {
  id: string;
  email: string;
  role: 'user' | 'admin';
  /** Staff only: the permission set (decision 0167); null for customers. */
  staffRole: StaffRole | null;
  status: 'active' | 'suspended' | 'closed';
  firstName: string;
  surname: string;
  accountNumber: string | null;
  avatarUrl: string;
}

export interface ResolvedSession {
  idHash: string;
  userId: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  user: SessionUserRecord | null;
}

export interface SessionStore {
  /** Starts a session for a user; returns the raw id for the cookie. */
  create(
    db: DbOrTx,
    input: { userId: string; ip: string | null; userAgent: string | null },
  ): Promise<{
    id: string;
    idleExpiresAt: Date;
  }>;
  /** The live session behind a cookie value, or null (unknown, expired, or its profile is gone). */
  resolve(rawId: string): Promise<ResolvedSession | null>;
  /** Moves the idle deadline forward (at most once per SESSION_TOUCH_INTERVAL_MS unless forced). */
  touch(session: ResolvedSession, options?: { force?: boolean }): Promise<Date>;
  revoke(db: DbOrTx, rawIdOrHash: { rawId: string } | { idHash: string }): Promise<void>;
  /** Ends every session of a user except, optionally, one; returns how many ended. */
  revokeAllForUser(db: DbOrTx, userId: string, exceptIdHash?: string): Promise<number>;
  /**
   * Ends the session with this public id if it belongs to this user (the security page, decision
   * 0140); returns its id hash, or null when this user has no such session.
   */
  revokeByPublicId(db: DbOrTx, userId: string, publicId: string): Promise<string | null>;
}

export function hashSessionId(rawId: string): string {
  return crypto.createHash('sha256').update(rawId).digest('hex');
}

/**
 * Deletes sessions and announces each one deleted on SESSION_REVOKED_CHANNEL, in one statement: the
 * announcement goes out exactly when the deletion commits (PostgreSQL delivers a NOTIFY at commit,
 * and drops it on rollback), so no instance hears of a revocation that did not happen, and every
 * instance listening at that moment hears of each one that did. Revocations are rare next to money movements, so the commit-time lock a
 * NOTIFY takes (see `profilesChanged`) costs nothing that matters here.
 */
async function revokeWhere(tx: DbOrTx, where: SQL | undefined): Promise<string[]> {
  const result = await tx.execute<{ id_hash: string }>(
    sql`with revoked as (delete from ${sessions} where ${where} returning ${sessions.idHash} as id_hash)
        select id_hash, pg_notify(${SESSION_REVOKED_CHANNEL}, id_hash) from revoked`,
  );
  // node-postgres and PGlite both answer { rows }; an array is accepted too, as insights.ts does.
  const shaped = result as unknown as { rows?: { id_hash: string }[] } | { id_hash: string }[];
  const rows = Array.isArray(shaped) ? shaped : (shaped.rows ?? []);
  return rows.map((row) => row.id_hash);
}

export function createSessionStore(deps: {
  db: Database;
  clock: Clock;
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}): SessionStore {
  const { db, clock, idleTimeoutMs, absoluteTimeoutMs } = deps;

  // Every signed-in request runs this: built once, and prepared once per database connection.
  const resolveQuery = db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      email: identities.email,
      role: profiles.role,
      staffRole: profiles.staffRole,
      status: profiles.status,
      firstName: profiles.firstName,
      surname: profiles.surname,
      accountNumber: profiles.accountNumber,
      avatarUrl: profiles.avatarUrl,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_resolve');

  const idleDeadline = (now: Date, absolute: Date) =>
    new Date(Math.min(now.getTime() + idleTimeoutMs, absolute.getTime()));

  return {
    async create(tx, input) {
      const id = crypto.randomBytes(SESSION_ID_BYTES).toString('base64url');
      const now = clock.now();
      const absoluteExpiresAt = new Date(now.getTime() + absoluteTimeoutMs);
      const idleExpiresAt = idleDeadline(now, absoluteExpiresAt);
      await tx.insert(sessions).values({
        idHash: hashSessionId(id),
        userId: input.userId,
        createdAt: now,
        lastSeenAt: now,
        idleExpiresAt,
        absoluteExpiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, USER_AGENT_LENGTH_MAX) ?? null,
        // Looked up once here, offline, so the security page never looks up addresses (decision 0141).
        place: placeOfIp(input.ip),
      });
      // Expired rows of this user are garbage; clearing them here keeps the table small without a job.
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, input.userId), lt(sessions.idleExpiresAt, now)));
      // Two sign-ins of one person at once would each count ten and end one; taken in turn, the
      // second counts the first's session too. NO KEY: rows that only reference the person (an
      // audit row, a record) are not held up by it.
      await tx.execute(
        sql`select 1 from ${identities} where ${identities.id} = ${input.userId} for no key update`,
      );
      // Ended like any other revocation (announced, so live streams on every instance close too).
      await revokeWhere(
        tx,
        sql`${sessions.idHash} in (
          select ${sessions.idHash} from ${sessions} where ${sessions.userId} = ${input.userId}
          order by ${sessions.createdAt} desc, ${sessions.idHash} offset ${SESSIONS_PER_USER_MAX})`,
      );
      return { id, idleExpiresAt };
    },

    async resolve(rawId) {
      if (rawId.length === 0 || rawId.length > SESSION_ID_LENGTH_MAX) return null;
      const idHash = hashSessionId(rawId);
      const rows = await resolveQuery.execute({ idHash });
      const row = rows[0];
      if (!row) return null;
      const now = clock.now();
      if (row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) {
        // Deleting a gone session twice is harmless: retried if the connection is lost (0106).
        await retryIdempotentWriteOnce(() => db.delete(sessions).where(eq(sessions.idHash, idHash)));
        return null;
      }
      const user: SessionUserRecord | null =
        row.role === null ||
        row.status === null ||
        row.firstName === null ||
        row.surname === null ||
        row.avatarUrl === null
          ? null
          : {
              id: row.userId,
              email: row.email,
              role: row.role,
              staffRole: row.staffRole,
              status: row.status,
              firstName: row.firstName,
              surname: row.surname,
              accountNumber: row.accountNumber,
              avatarUrl: row.avatarUrl,
            };
      return {
        idHash,
        userId: row.userId,
        idleExpiresAt: row.idleExpiresAt,
        absoluteExpiresAt: row.absoluteExpiresAt,
        user,
      };
    },

    async touch(session, options = {}) {
      const now = clock.now();
      const next = idleDeadline(now, session.absoluteExpiresAt);
      const sinceLastTouchMs = idleTimeoutMs - (session.idleExpiresAt.getTime() - now.getTime());
      if (!options.force && sinceLastTouchMs < SESSION_TOUCH_INTERVAL_MS) return session.idleExpiresAt;
      // The same values twice change nothing: retried if the connection is lost (decision 0106),
      // so a failover costs a signed-in read a reconnect, not a 503.
      await retryIdempotentWriteOnce(() =>
        db
          .update(sessions)
          .set({ lastSeenAt: now, idleExpiresAt: next })
          .where(eq(sessions.idHash, session.idHash)),
      );
      session.idleExpiresAt = next;
      return next;
    },

    async revoke(tx, which) {
      const idHash = 'rawId' in which ? hashSessionId(which.rawId) : which.idHash;
      await revokeWhere(tx, eq(sessions.idHash, idHash));
    },

    async revokeAllForUser(tx, userId, exceptIdHash) {
      const revoked = await revokeWhere(
        tx,
        exceptIdHash === undefined
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)),
      );
      return revoked.length;
    },

    async revokeByPublicId(tx, userId, publicId) {
      // The owner is part of the condition: another customer's session is simply not found (404).
      const [revoked] = await revokeWhere(
        tx,
        and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)),
      );
      return revoked ?? null;
    },
  };
}
