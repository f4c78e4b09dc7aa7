import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  ADMIN_RECENT_ITEMS_MAX,
  formatCents,
  parseAmountToCents,
  type AdminUserDetail,
  type AdminUserPage,
  type AdminUserUpdate,
  type UserStatus,
} from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { loanApplications, profiles, sessions, transactionRecords } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError, assert } from '../../lib/errors';
import type { AuditLog } from '../audit/index';
import type { SessionStore } from '../auth/index';
import { listRecords } from '../ledger/index';
import { avatarUrlFor } from '../users/index';
import type { SecurityAlerts } from '../email/index';
import type { UserService } from '../users/index';
import { createAdminUserList, type AdminUserListParams } from './user-list';

export interface AdminUserDirectory {
  /** Customers (never admins, product §6), one keyset page at a time. */
  list(params: AdminUserListParams): Promise<AdminUserPage>;
  /** One customer's file; an admin or unknown id is "User not found." */
  get(userId: string): Promise<AdminUserDetail>;
  /** Applies an admin's change with its reason; audit row, session revocation and live push included. */
  update(actor: Actor, userId: string, patch: AdminUserUpdate): Promise<AdminUserDetail>;
}

/** The profile fields an admin edit compares and writes one-to-one. */
const DIRECT_FIELDS = [
  'firstName',
  'surname',
  'phone',
  'address',
  'zipCode',
  'country',
  'maritalStatus',
  'occupation',
  'status',
  'dob',
] as const;
type DirectField = (typeof DIRECT_FIELDS)[number];

/** Statuses in which the customer must not act: their sessions end with the change. */
const LOCKED_OUT_STATUSES: ReadonlySet<UserStatus> = new Set(['suspended', 'closed']);

export function createAdminUserDirectory(deps: {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  audit: AuditLog;
  /** The customer list (decision 0107); a customer's own file and its edit read the primary. */
  readDb?: ReadDatabase;
  /** See createAdminUserList. */
  searchProbeRows?: number;
  /** The "phone number changed" alert to the customer, queued with the edit (issue 17). */
  alerts?: SecurityAlerts;
  /** Until when the customer's sign-in is locked, for their file (issue 17); absent: never shown locked. */
  lockedUntil?: (userId: string) => Promise<Date | null>;
}): AdminUserDirectory {
  const { db, clock, users, audit } = deps;
  const list = createAdminUserList({ db: deps.readDb ?? db, searchProbeRows: deps.searchProbeRows });
  // Named apart from the `sessions` table.
  const sessionStore = deps.sessions;

  async function get(userId: string): Promise<AdminUserDetail> {
    const profile = await users.getProfile(userId);
    // An admin's file is not the directory's to show (product §6): as unknown as a missing one.
    if (!profile || profile.role !== 'user') throw new AppError('USER_NOT_FOUND');
    const now = clock.now();
    const [transactionCount, loanCount, sessionCount, records, loans, lockedUntil] = await Promise.all([
      db.select({ n: count() }).from(transactionRecords).where(eq(transactionRecords.userId, userId)),
      db.select({ n: count() }).from(loanApplications).where(eq(loanApplications.userId, userId)),
      db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.idleExpiresAt, now),
            gt(sessions.absoluteExpiresAt, now),
          ),
        ),
      listRecords(db, { userId }, { limit: ADMIN_RECENT_ITEMS_MAX }),
      db
        .select({
          id: loanApplications.id,
          loanType: loanApplications.loanType,
          amountCents: loanApplications.amountCents,
          termMonths: loanApplications.termMonths,
          status: loanApplications.status,
          createdAt: loanApplications.createdAt,
          updatedAt: loanApplications.updatedAt,
        })
        .from(loanApplications)
        .where(eq(loanApplications.userId, userId))
        // As the index `loan_applications_user_idx` holds it (docs/decisions/0044).
        .orderBy(
          sql`${loanApplications.createdAt} desc nulls last`,
          sql`${loanApplications.id} desc nulls last`,
        )
        .limit(ADMIN_RECENT_ITEMS_MAX),
      deps.lockedUntil ? deps.lockedUntil(userId) : Promise.resolve(null),
    ]);
    return {
      profile,
      signInLockedUntil: lockedUntil?.toISOString() ?? null,
      counts: {
        transactions: transactionCount[0]?.n ?? 0,
        loans: loanCount[0]?.n ?? 0,
        openSessions: sessionCount[0]?.n ?? 0,
      },
      recentTransactions: records.items,
      recentLoans: loans.map((loan) => ({
        id: loan.id,
        loanType: loan.loanType,
        amount: formatCents(loan.amountCents),
        termMonths: loan.termMonths,
        status: loan.status,
        createdAt: loan.createdAt.toISOString(),
        updatedAt: loan.updatedAt.toISOString(),
      })),
    };
  }

  return {
    list,

    get,

    async update(actor, userId, patch) {
      await db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(profiles)
          .where(eq(profiles.userId, userId))
          .for('update')
          .limit(1);
        const row = current[0];
        if (!row || row.role !== 'user') throw new AppError('USER_NOT_FOUND');

        const before: Record<string, string> = {};
        const after: Record<string, string> = {};
        const changes: Partial<Pick<typeof profiles.$inferInsert, DirectField | 'accountLimitCents'>> = {};
        for (const field of DIRECT_FIELDS) {
          const next = patch[field];
          if (next === undefined || next === row[field]) continue;
          before[field] = row[field];
          after[field] = next;
          Object.assign(changes, { [field]: next });
        }
        if (patch.accountLimit !== undefined) {
          const cents = parseAmountToCents(patch.accountLimit);
          assert(cents !== null, 'accountLimit is checked by the request schema');
          if (cents !== row.accountLimitCents) {
            before.accountLimit = formatCents(row.accountLimitCents);
            after.accountLimit = formatCents(cents);
            changes.accountLimitCents = cents;
          }
        }
        // Nothing differs: nothing to write, audit or push. The answer is the file as it stands.
        if (Object.keys(after).length === 0) return;

        const firstName = changes.firstName ?? row.firstName;
        const surname = changes.surname ?? row.surname;
        await tx
          .update(profiles)
          .set({
            ...changes,
            // product §3: the avatar is made from the names, so it follows them.
            avatarUrl: avatarUrlFor(firstName, surname),
            updatedAt: clock.now(),
          })
          .where(eq(profiles.userId, userId));

        let sessionsEnded = 0;
        if (changes.status !== undefined && LOCKED_OUT_STATUSES.has(changes.status)) {
          const open = await tx.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
          sessionsEnded = open[0]?.n ?? 0;
          await sessionStore.revokeAllForUser(tx, userId);
        }
        await audit.record(tx, {
          action: 'admin.user_update',
          outcome: 'success',
          actorId: actor.userId,
          actorRole: 'admin',
          subjectType: 'user',
          subjectId: userId,
          ip: actor.ip,
          reason: patch.reason,
          details: { before, after, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) },
        });
        if (changes.phone !== undefined) await deps.alerts?.phoneChanged(tx, userId, changes.phone, true);
      });
      deps.alerts?.nudge();
      users.profilesChanged([userId]);
      return get(userId);
    },
  };
}
