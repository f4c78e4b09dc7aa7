import { and, desc, eq, gt, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { SecurityEvent, SessionItem } from '@larkspur/contract';
import { SECURITY_EVENTS_PAGE_SIZE_DEFAULT, SESSIONS_PAGE_SIZE_DEFAULT } from '@larkspur/contract';
import type { Database } from '../../db/client';
import { auditLog, sessions } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuditLog } from '../audit/index';
import type { ResolvedSession, SessionStore } from '../auth/index';
import { describeDevice, describePlace, placeOfIp } from '../../lib/device-place';
import {
  ACTIONS_NEVER_SHOWN,
  SECURITY_ACTION_PREFIXES,
  STAFF_ACTIONS_SHOWN,
  describeAuditRow,
} from './security-events';

const SESSIONS_CURSOR_TAG = 'sessions';
const EVENTS_CURSOR_TAG = 'security-events';

/** A page request, as the routes' query schemas parse it. */
export interface PageQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface SecurityService {
  /** The first page starts with the caller's own session; then the others, newest sign-in first. */
  listSessions(
    current: ResolvedSession,
    query: PageQuery,
  ): Promise<{ items: SessionItem[]; nextCursor: string | null }>;
  /**
   * Signs out one of the caller's sessions by its public id (404 when the caller has none such,
   * whoever's it is). `signedOut` is true when it was the caller's own session.
   */
  revokeSession(current: ResolvedSession, publicId: string, ip: string): Promise<{ signedOut: boolean }>;
  /** Signs out every session of the caller but this one; returns how many. */
  revokeOtherSessions(current: ResolvedSession, ip: string): Promise<number>;
  /** The caller's own security events from the audit log, newest first, in plain words. */
  listEvents(
    userId: string,
    query: PageQuery,
  ): Promise<{ items: SecurityEvent[]; nextCursor: string | null }>;
}

interface SessionRow {
  publicId: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  place: string | null;
  createdAtKey: string;
}

export function createSecurityService(deps: {
  db: Database;
  clock: Clock;
  sessions: SessionStore;
  audit: AuditLog;
}): SecurityService {
  const { db, clock, audit } = deps;

  const sessionColumns = {
    publicId: sessions.publicId,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    userAgent: sessions.userAgent,
    place: sessions.place,
    createdAtKey: sql<string>`to_char(${sessions.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
  };

  const toItem = (row: SessionRow, current: boolean): SessionItem => ({
    id: row.publicId,
    device: describeDevice(row.userAgent),
    place: describePlace(row.place),
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastSeenAt.toISOString(),
    current,
  });

  return {
    async listSessions(current, query) {
      const limit = query.limit ?? SESSIONS_PAGE_SIZE_DEFAULT;
      const now = clock.now();
      // Sessions past a deadline are dead (resolve deletes them when they are next used).
      const live = and(
        eq(sessions.userId, current.userId),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      );
      const conditions: (SQL | undefined)[] = [live, ne(sessions.idHash, current.idHash)];
      if (query.cursor !== undefined) {
        const [at, id] = decodeCursor(query.cursor, SESSIONS_CURSOR_TAG, ['timestamp', 'uuid']);
        conditions.push(
          sql`(${sessions.createdAt}, ${sessions.publicId}) < (${at}::timestamptz, ${id}::uuid)`,
        );
      }
      // Read from the primary: a session signed out a moment ago must not come back from a standby.
      const rows = await db
        .select(sessionColumns)
        .from(sessions)
        .where(and(...conditions))
        .orderBy(desc(sessions.createdAt), desc(sessions.publicId))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > limit && last
          ? encodeCursor(SESSIONS_CURSOR_TAG, [last.createdAtKey, last.publicId])
          : null;
      const items = page.map((row) => toItem(row, false));
      if (query.cursor === undefined) {
        const [own] = await db
          .select(sessionColumns)
          .from(sessions)
          .where(eq(sessions.idHash, current.idHash))
          .limit(1);
        if (own) items.unshift(toItem(own, true));
      }
      return { items, nextCursor };
    },

    async revokeSession(current, publicId, ip) {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ idHash: sessions.idHash, userAgent: sessions.userAgent })
          .from(sessions)
          .where(and(eq(sessions.userId, current.userId), eq(sessions.publicId, publicId)))
          .limit(1);
        const revoked = target ? await deps.sessions.revokeByPublicId(tx, current.userId, publicId) : null;
        // Another customer's session answers exactly like one that does not exist (no probing).
        if (!revoked) throw new AppError('NOT_FOUND');
        const signedOut = revoked === current.idHash;
        await audit.record(tx, {
          action: 'session.revoke',
          outcome: 'success',
          actorId: current.userId,
          actorRole: current.user?.role ?? null,
          subjectType: 'user',
          subjectId: current.userId,
          ip,
          details: { device: describeDevice(target?.userAgent).label, current: signedOut },
        });
        return { signedOut };
      });
    },

    async revokeOtherSessions(current, ip) {
      return db.transaction(async (tx) => {
        const count = await deps.sessions.revokeAllForUser(tx, current.userId, current.idHash);
        await audit.record(tx, {
          action: 'session.revoke_others',
          outcome: 'success',
          actorId: current.userId,
          actorRole: current.user?.role ?? null,
          subjectType: 'user',
          subjectId: current.userId,
          ip,
          details: { count },
        });
        return count;
      });
    },

    async listEvents(userId, query) {
      const limit = query.limit ?? SECURITY_EVENTS_PAGE_SIZE_DEFAULT;
      const mine = or(
        and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)),
        and(eq(auditLog.actorId, userId), eq(auditLog.actorRole, 'user')),
      );
      const security = or(
        ...SECURITY_ACTION_PREFIXES.map((prefix) => sql`starts_with(${auditLog.action}, ${prefix})`),
        inArray(auditLog.action, [...STAFF_ACTIONS_SHOWN]),
      );
      const conditions: (SQL | undefined)[] = [
        mine,
        security,
        notInArray(auditLog.action, [...ACTIONS_NEVER_SHOWN]),
      ];
      if (query.cursor !== undefined) {
        const [at, id] = decodeCursor(query.cursor, EVENTS_CURSOR_TAG, ['timestamp', 'integer']);
        conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::bigint)`);
      }
      // The audit log is written on the primary and read there: an event just made shows at once.
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          createdAtKey: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
          action: auditLog.action,
          outcome: auditLog.outcome,
          actorRole: auditLog.actorRole,
          ip: auditLog.ip,
          details: auditLog.details,
        })
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor =
        rows.length > limit && last
          ? encodeCursor(EVENTS_CURSOR_TAG, [last.createdAtKey, String(last.id)])
          : null;
      const items = page.map((row): SecurityEvent => {
        const words = describeAuditRow({
          action: row.action,
          outcome: row.outcome,
          actorRole: row.actorRole,
          details: row.details,
        });
        const at = row.createdAt.toISOString();
        return {
          id: String(row.id),
          ...words,
          outcome: row.outcome,
          // Where the attempt came from, coarsely; staff actions name no place of the customer's.
          place: row.actorRole === 'admin' ? null : describePlace(placeOfIp(row.ip)),
          createdAt: at,
          created_at: at,
        };
      });
      return { items, nextCursor };
    },
  };
}
