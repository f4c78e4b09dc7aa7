import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { StaffCreate, StaffMember, StaffRole, StaffUpdate } from '@larkspur/contract';
import type { Database } from '../../db/client';
import { identities, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuditLog } from '../audit/audit-log';
import type { SessionStore } from '../auth/session-store';
import type { UserService } from '../users/user-service';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../admin/keyset-cursor';

const STAFF_CURSOR_TAG = 'staff';

export interface StaffActor {
  userId: string;
  ip: string;
}

export interface StaffService {
  /** Every staff member (never a customer), oldest first, keyset pages. */
  list(query: { cursor?: string | undefined; limit: number }): Promise<{
    items: StaffMember[];
    nextCursor: string | null;
  }>;
  /** A new staff member with a permission set; they sign in with email, password and emailed code. */
  create(actor: StaffActor, input: StaffCreate): Promise<StaffMember>;
  /**
   * Changes a staff member's set or disables/enables them. The bank always keeps one active
   * administrator (LAST_ADMINISTRATOR), and nobody disables themself (STAFF_SELF_DISABLE).
   */
  update(actor: StaffActor, staffId: string, patch: StaffUpdate): Promise<StaffMember>;
}

const memberColumns = {
  id: profiles.userId,
  email: identities.email,
  firstName: profiles.firstName,
  surname: profiles.surname,
  staffRole: profiles.staffRole,
  status: profiles.status,
  createdAt: profiles.createdAt,
  createdAtKey: sql<string>`to_char(${profiles.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
};

interface MemberRow {
  id: string;
  email: string;
  firstName: string;
  surname: string;
  staffRole: StaffRole | null;
  status: StaffMember['status'];
  createdAt: Date;
}

function toMember(row: MemberRow): StaffMember {
  // The profiles check constraint makes every admin's set non-null (migration 0012).
  assert(row.staffRole !== null, 'a staff member without a permission set');
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    surname: row.surname,
    staffRole: row.staffRole,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
}

export function createStaffService(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  audit: AuditLog;
}): StaffService {
  const { db, users, sessions, audit } = deps;

  async function getMember(staffId: string): Promise<StaffMember> {
    const rows = await db
      .select(memberColumns)
      .from(profiles)
      .innerJoin(identities, eq(identities.id, profiles.userId))
      .where(and(eq(profiles.userId, staffId), eq(profiles.role, 'admin')))
      .limit(1);
    const row = rows[0];
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    return toMember(row);
  }

  return {
    async list(query) {
      const conditions: SQL[] = [eq(profiles.role, 'admin')];
      if (query.cursor !== undefined) {
        const [at, id] = decodeCursor(query.cursor, STAFF_CURSOR_TAG, ['timestamp', 'uuid']);
        conditions.push(sql`(${profiles.createdAt}, ${profiles.userId}) > (${at}::timestamptz, ${id}::uuid)`);
      }
      const rows = await db
        .select(memberColumns)
        .from(profiles)
        .innerJoin(identities, eq(identities.id, profiles.userId))
        .where(and(...conditions))
        .orderBy(asc(profiles.createdAt), asc(profiles.userId))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toMember),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(STAFF_CURSOR_TAG, [last.createdAtKey, last.id])
            : null,
      };
    },

    async create(actor, input) {
      if (await users.emailExists(input.email)) throw new AppError('STAFF_EMAIL_TAKEN', { field: 'email' });
      const passwordHash = await hashPassword(input.password);
      let userId: string;
      try {
        ({ userId } = await db.transaction(async (tx) => {
          const created = await users.createAdmin(tx, {
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            surname: input.surname,
            staffRole: input.staffRole,
          });
          await audit.record(tx, {
            action: 'admin.staff_create',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'user',
            subjectId: created.userId,
            ip: actor.ip,
            details: { after: { staffRole: input.staffRole, email: input.email } },
          });
          return created;
        }));
      } catch (error) {
        // Two creations of one email at once: the unique index decides, the loser hears why.
        if (isUniqueViolation(error)) throw new AppError('STAFF_EMAIL_TAKEN', { field: 'email' });
        throw error;
      }
      return getMember(userId);
    },

    async update(actor, staffId, patch) {
      await db.transaction(async (tx) => {
        // Every active administrator's row, locked in one order: two administrators demoting or
        // disabling each other at once are serialised here, and the second sees the first's change.
        const administrators = await tx
          .select({ id: profiles.userId })
          .from(profiles)
          .where(
            and(
              eq(profiles.role, 'admin'),
              eq(profiles.staffRole, 'administrator'),
              eq(profiles.status, 'active'),
            ),
          )
          .orderBy(asc(profiles.userId))
          .for('update');
        const current = await tx
          .select({ role: profiles.role, staffRole: profiles.staffRole, status: profiles.status })
          .from(profiles)
          .where(eq(profiles.userId, staffId))
          .for('update')
          .limit(1);
        const row = current[0];
        if (!row || row.role !== 'admin') throw new AppError('STAFF_NOT_FOUND');
        assert(row.staffRole !== null, 'a staff member without a permission set');
        if (row.status === 'closed') throw new AppError('STAFF_NOT_FOUND');

        const nextRole = patch.staffRole ?? row.staffRole;
        const nextStatus = patch.status ?? row.status;
        if (staffId === actor.userId && nextStatus !== 'active') throw new AppError('STAFF_SELF_DISABLE');
        const wasAdministrator = row.staffRole === 'administrator' && row.status === 'active';
        const staysAdministrator = nextRole === 'administrator' && nextStatus === 'active';
        if (wasAdministrator && !staysAdministrator) {
          const others = administrators.filter((a) => a.id !== staffId).length;
          if (others === 0) throw new AppError('LAST_ADMINISTRATOR');
        }

        const before: Record<string, string> = {};
        const after: Record<string, string> = {};
        if (nextRole !== row.staffRole) {
          before.staffRole = row.staffRole;
          after.staffRole = nextRole;
        }
        if (nextStatus !== row.status) {
          before.status = row.status;
          after.status = nextStatus;
        }
        if (Object.keys(after).length === 0) return;

        await tx
          .update(profiles)
          .set({ staffRole: nextRole, status: nextStatus, updatedAt: deps.clock.now() })
          .where(eq(profiles.userId, staffId));
        // A disabled staff member is out at once: every session ends, on every instance.
        const sessionsEnded = nextStatus !== 'active' ? await sessions.revokeAllForUser(tx, staffId) : 0;
        await audit.record(tx, {
          action: 'admin.staff_update',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: staffId,
          ip: actor.ip,
          details: { before, after, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) },
        });
      });
      return getMember(staffId);
    },
  };
}
