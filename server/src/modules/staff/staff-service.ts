import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_INVITATION_TTL_HOURS,
  type StaffCreate,
  type StaffInvitationSummary,
  type StaffMember,
  type StaffRole,
  type StaffUpdate,
} from '@larkspur/contract';
import type { Database, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { identities, profiles, staffInvitations } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert, isUniqueViolation } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuditLog } from '../audit/index';
import type { SessionStore } from '../auth/index';
import { renderStaffInvitation, type EmailBrand, type Outbox } from '../email/index';
import type { UserService } from '../users/index';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor } from '../../lib/keyset-cursor';

const STAFF_CURSOR_TAG = 'staff';

export interface StaffService {
  /** Every staff member (never a customer), oldest first, keyset pages. */
  list(query: { cursor?: string | undefined; limit: number }): Promise<{
    items: StaffMember[];
    nextCursor: string | null;
  }>;
  /** A new staff member with a permission set; they sign in with email, password and emailed code. */
  create(actor: Actor, input: StaffCreate): Promise<StaffMember>;
  /**
   * Changes a staff member's set or disables/enables them. The bank always keeps one active
   * administrator (LAST_ADMINISTRATOR), and nobody disables themself (STAFF_SELF_DISABLE).
   */
  update(actor: Actor, staffId: string, patch: StaffUpdate): Promise<StaffMember>;
  /** A fresh invitation link for a member who has not activated yet; the old links stop working. */
  resendInvitation(actor: Actor, staffId: string): Promise<StaffMember>;
  /** Withdraws a member's open invitation link; they stay invited and can be sent a new one. */
  revokeInvitation(actor: Actor, staffId: string): Promise<StaffMember>;
  /** The guest side: who an open link is for (STAFF_INVITATION_INVALID otherwise). */
  lookupInvitation(token: string): Promise<StaffInvitationSummary>;
  /** The guest side: uses the link once, setting the invitee's own password. */
  completeInvitation(token: string, password: string, ip: string): Promise<{ email: string }>;
}

const HOUR_MS = 3_600_000;
/** Invitation tokens: 32 random bytes, base64url; only their SHA-256 is stored. */
const INVITATION_TOKEN_BYTES = 32;
const tokenHashOf = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

const memberColumns = {
  id: profiles.userId,
  email: identities.email,
  firstName: profiles.firstName,
  surname: profiles.surname,
  staffRole: profiles.staffRole,
  status: profiles.status,
  staffInvited: profiles.staffInvited,
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
  staffInvited: boolean;
  createdAt: Date;
}

type InvitationRow = typeof staffInvitations.$inferSelect;

function invitationOf(row: InvitationRow | undefined, now: Date): StaffMember['invitation'] {
  if (!row) return { state: 'revoked', expiresAt: now.toISOString() };
  const state = row.revokedAt !== null ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';
  return { state, expiresAt: row.expiresAt.toISOString() };
}

function toMember(row: MemberRow, invitation: StaffMember['invitation'] = null): StaffMember {
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
    invitation,
  };
}

export function createStaffService(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  audit: AuditLog;
  outbox: Outbox;
  brand: EmailBrand;
  nudgeOutbox: () => void;
}): StaffService {
  const { db, users, sessions, audit, clock, outbox, brand } = deps;

  /** The latest invitation of each invited member, for the list's "invited" state. */
  async function withInvitations(rows: MemberRow[]): Promise<StaffMember[]> {
    const invited = rows.filter((r) => r.staffInvited).map((r) => r.id);
    const latest = new Map<string, InvitationRow>();
    if (invited.length > 0) {
      const found = await db
        .select()
        .from(staffInvitations)
        .where(inArray(staffInvitations.userId, invited))
        .orderBy(asc(staffInvitations.userId), desc(staffInvitations.createdAt));
      for (const row of found) if (!latest.has(row.userId)) latest.set(row.userId, row);
    }
    const now = clock.now();
    return rows.map((r) => toMember(r, r.staffInvited ? invitationOf(latest.get(r.id), now) : null));
  }

  /**
   * Ends every open link of a member and, unless only revoking, issues a new one and queues its
   * email, all in the caller's transaction.
   */
  async function issueInvitation(
    tx: Tx,
    member: { userId: string; email: string; firstName: string },
    invitedBy: string,
  ) {
    const now = clock.now();
    await revokeOpen(tx, member.userId, now);
    const token = crypto.randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(now.getTime() + STAFF_INVITATION_TTL_HOURS * HOUR_MS);
    await tx.insert(staffInvitations).values({
      userId: member.userId,
      tokenHash: tokenHashOf(token),
      invitedBy,
      createdAt: now,
      expiresAt,
    });
    const email = renderStaffInvitation(
      {
        to: member.email,
        now,
        firstName: member.firstName,
        token,
        validForHours: STAFF_INVITATION_TTL_HOURS,
      },
      brand,
    );
    await outbox.enqueueEmail(tx, { to: member.email, ...email });
    return expiresAt;
  }

  function revokeOpen(tx: Tx, userId: string, now: Date) {
    return tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.userId, userId),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
  }

  /** Locks an invited member's rows for a change of their invitation (404 / 409 otherwise). */
  async function lockInvited(tx: Tx, staffId: string) {
    const [row] = await tx
      .select({
        role: profiles.role,
        staffInvited: profiles.staffInvited,
        firstName: profiles.firstName,
        email: identities.email,
      })
      .from(profiles)
      .innerJoin(identities, eq(identities.id, profiles.userId))
      .where(eq(profiles.userId, staffId))
      .for('update', { of: profiles })
      .limit(1);
    if (!row || row.role !== 'admin') throw new AppError('STAFF_NOT_FOUND');
    if (!row.staffInvited) throw new AppError('STAFF_NOT_INVITED');
    return row;
  }

  /** The open invitation a token names, with its member, or STAFF_INVITATION_INVALID. */
  async function openInvitation(token: string) {
    const [row] = await db
      .select({
        userId: staffInvitations.userId,
        expiresAt: staffInvitations.expiresAt,
        email: identities.email,
        firstName: profiles.firstName,
      })
      .from(staffInvitations)
      .innerJoin(profiles, eq(profiles.userId, staffInvitations.userId))
      .innerJoin(identities, eq(identities.id, staffInvitations.userId))
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHashOf(token)),
          isNull(staffInvitations.usedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, clock.now()),
          eq(profiles.role, 'admin'),
          eq(profiles.staffInvited, true),
          eq(profiles.status, 'active'),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('STAFF_INVITATION_INVALID');
    return row;
  }

  async function getMember(staffId: string): Promise<StaffMember> {
    const rows = await db
      .select(memberColumns)
      .from(profiles)
      .innerJoin(identities, eq(identities.id, profiles.userId))
      .where(and(eq(profiles.userId, staffId), eq(profiles.role, 'admin')))
      .limit(1);
    const row = rows[0];
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    const [member] = await withInvitations([row]);
    assert(member, 'the member was found');
    return member;
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
        items: await withInvitations(page),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor(STAFF_CURSOR_TAG, [last.createdAtKey, last.id])
            : null,
      };
    },

    async create(actor, input) {
      if (await users.emailExists(input.email)) throw new AppError('STAFF_EMAIL_TAKEN', { field: 'email' });
      // Nobody knows this password, not even the administrator: the member chooses their own
      // through the emailed link (decision 0189). A real hash, so signing in with a guess costs
      // the same as for anyone else.
      const passwordHash = await hashPassword(
        crypto.randomBytes(INVITATION_TOKEN_BYTES).toString('base64url'),
      );
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
          const now = clock.now();
          await tx
            .update(profiles)
            .set({ staffInvited: true, appointedBy: actor.userId, appointedAt: now })
            .where(eq(profiles.userId, created.userId));
          const expiresAt = await issueInvitation(
            tx,
            { userId: created.userId, email: input.email, firstName: input.firstName },
            actor.userId,
          );
          await audit.record(tx, {
            action: 'admin.staff_create',
            outcome: 'success',
            actorId: actor.userId,
            actorRole: 'admin',
            subjectType: 'user',
            subjectId: created.userId,
            ip: actor.ip,
            details: {
              after: { staffRole: input.staffRole, email: input.email },
              invitationExpiresAt: expiresAt.toISOString(),
            },
          });
          return created;
        }));
      } catch (error) {
        // Two creations of one email at once: the unique index decides, the loser hears why.
        if (isUniqueViolation(error)) throw new AppError('STAFF_EMAIL_TAKEN', { field: 'email' });
        throw error;
      }
      deps.nudgeOutbox();
      return getMember(userId);
    },

    async resendInvitation(actor, staffId) {
      await db.transaction(async (tx) => {
        const member = await lockInvited(tx, staffId);
        const expiresAt = await issueInvitation(tx, { userId: staffId, ...member }, actor.userId);
        await audit.record(tx, {
          action: 'admin.staff_invitation_resend',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: staffId,
          ip: actor.ip,
          details: { invitationExpiresAt: expiresAt.toISOString() },
        });
      });
      deps.nudgeOutbox();
      return getMember(staffId);
    },

    async revokeInvitation(actor, staffId) {
      await db.transaction(async (tx) => {
        await lockInvited(tx, staffId);
        const revoked = await revokeOpen(tx, staffId, clock.now());
        await audit.record(tx, {
          action: 'admin.staff_invitation_revoke',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: staffId,
          ip: actor.ip,
          details: { linksRevoked: revoked.length },
        });
      });
      return getMember(staffId);
    },

    async lookupInvitation(token) {
      const row = await openInvitation(token);
      return { email: row.email, firstName: row.firstName, expiresAt: row.expiresAt.toISOString() };
    },

    async completeInvitation(token, password, ip) {
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // One conditional update claims the link: of two uses at once, one finds it already used.
        const [claimed] = await tx
          .update(staffInvitations)
          .set({ usedAt: now })
          .where(
            and(
              eq(staffInvitations.tokenHash, tokenHashOf(token)),
              isNull(staffInvitations.usedAt),
              isNull(staffInvitations.revokedAt),
              gt(staffInvitations.expiresAt, now),
            ),
          )
          .returning({ userId: staffInvitations.userId });
        if (!claimed) throw new AppError('STAFF_INVITATION_INVALID');
        const activated = await tx
          .update(profiles)
          .set({ staffInvited: false, updatedAt: now })
          .where(
            and(
              eq(profiles.userId, claimed.userId),
              eq(profiles.role, 'admin'),
              eq(profiles.staffInvited, true),
              eq(profiles.status, 'active'),
            ),
          )
          .returning({ userId: profiles.userId });
        // A disabled member's link is dead too (the claim above is rolled back with this throw).
        if (activated.length === 0) throw new AppError('STAFF_INVITATION_INVALID');
        await users.setPasswordHash(tx, claimed.userId, passwordHash);
        const [identity] = await tx
          .select({ email: identities.email })
          .from(identities)
          .where(eq(identities.id, claimed.userId));
        assert(identity, 'an invited member has an identity');
        await audit.record(tx, {
          action: 'staff.invitation_complete',
          outcome: 'success',
          actorId: claimed.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: claimed.userId,
          ip,
          details: {},
        });
        return { email: identity.email };
      });
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
              // Someone who has not activated cannot run the bank: not counted (decision 0189).
              eq(profiles.staffInvited, false),
            ),
          )
          .orderBy(asc(profiles.userId))
          .for('update');
        const current = await tx
          .select({
            role: profiles.role,
            staffRole: profiles.staffRole,
            status: profiles.status,
            staffInvited: profiles.staffInvited,
          })
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
        const wasAdministrator =
          row.staffRole === 'administrator' && row.status === 'active' && !row.staffInvited;
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

        const now = deps.clock.now();
        await tx
          .update(profiles)
          .set({
            staffRole: nextRole,
            status: nextStatus,
            updatedAt: now,
            // A changed set starts the approvers' cooling-off period again (decision 0190).
            ...(nextRole !== row.staffRole ? { appointedBy: actor.userId, appointedAt: now } : {}),
          })
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
