import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { identities, profiles } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuditEntry, AuditLog } from '../audit/index';
import { type LoginThrottle } from '../auth/index';
import type { SessionStore } from '../auth/index';
import { normaliseEmail, type EmailBrand, type OtpService, type Outbox } from '../email/index';
import type { UserService } from '../users/index';
import type { SecurityAlerts } from '../email/index';

/** Who asks: a guest form's caller (its address for the throttles and the audit row). */
export interface RecoveryContext {
  ip: string;
}

/** The member of staff helping a customer. */
export interface AdminActor {
  userId: string;
  ip: string;
}

/** The customer a recovery step is about, as both halves of recovery read them. */
export interface Target {
  userId: string;
  email: string;
  firstName: string;
  accountNumber: string | null;
  role: 'user' | 'admin';
  status: 'active' | 'suspended' | 'closed';
}

/** What recovery is built from (both halves: the guest forms and staff help, and the email change). */
export interface RecoveryDeps {
  db: Database;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  throttle: LoginThrottle;
  otp: OtpService;
  outbox: Outbox;
  audit: AuditLog;
  brand: EmailBrand;
  alerts: SecurityAlerts;
}

/**
 * Finding the customer a recovery step is about, and the audit row of a member of staff's help:
 * shared by the guest forms, staff help and the staff-assisted email change.
 */
export function createRecoveryTargets(deps: Pick<RecoveryDeps, 'db' | 'audit'>) {
  const { db, audit } = deps;

  const targetColumns = {
    userId: identities.id,
    email: identities.email,
    firstName: profiles.firstName,
    accountNumber: profiles.accountNumber,
    role: profiles.role,
    status: profiles.status,
  };

  /** A staff member's help with a customer, in the audit log: who, for whom, why (decision 0133). */
  function recordStaffHelp(
    tx: DbOrTx,
    actor: AdminActor,
    userId: string,
    entry: Pick<AuditEntry, 'action' | 'outcome' | 'reason' | 'details'>,
  ): Promise<void> {
    return audit.record(tx, {
      ...entry,
      actorId: actor.userId,
      actorRole: 'admin',
      subjectType: 'user',
      subjectId: userId,
      ip: actor.ip,
    });
  }

  /** One query whatever was typed: an address (has an @) or an account number. */
  async function findByIdentifier(identifier: string): Promise<Target | null> {
    const typed = identifier.trim();
    const where = typed.includes('@')
      ? eq(identities.email, normaliseEmail(typed))
      : eq(profiles.accountNumber, typed);
    const rows = await db
      .select(targetColumns)
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(where)
      .limit(1);
    return rows[0] ?? null;
  }

  async function findById(tx: DbOrTx, userId: string, lock = false): Promise<Target | null> {
    const query = tx
      .select(targetColumns)
      .from(identities)
      .innerJoin(profiles, eq(profiles.userId, identities.id))
      .where(eq(identities.id, userId))
      .limit(1);
    const rows = lock ? await query.for('update', { of: profiles }) : await query;
    return rows[0] ?? null;
  }

  /** A customer of the directory (never an admin: product §6), as unknown as a missing one otherwise. */
  async function customerOf(tx: DbOrTx, userId: string, lock = false): Promise<Target> {
    const target = await findById(tx, userId, lock);
    if (!target || target.role !== 'user') throw new AppError('USER_NOT_FOUND');
    return target;
  }

  return { recordStaffHelp, findByIdentifier, findById, customerOf };
}

export type RecoveryTargets = ReturnType<typeof createRecoveryTargets>;
