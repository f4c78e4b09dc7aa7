import type { Clock } from '../../lib/clock';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

/** Longest free-text reason kept in an audit row. */
export const AUDIT_REASON_LENGTH_MAX = 500;

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  actorId?: string | null;
  actorRole?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  reason?: string | null;
  /** Before/after for changes, or other context. Never a password, code, session id or full SSN. */
  details?: Record<string, unknown> | null;
}

export interface AuditLog {
  /** Appends a row; pass the caller's transaction so the row commits (or not) with the change. */
  record(db: DbOrTx, entry: AuditEntry): Promise<void>;
}

export function createAuditLog(deps: { clock: Clock }): AuditLog {
  return {
    async record(db, entry) {
      await db.insert(auditLog).values({
        createdAt: deps.clock.now(),
        action: entry.action,
        outcome: entry.outcome,
        actorId: entry.actorId ?? null,
        actorRole: entry.actorRole ?? null,
        subjectType: entry.subjectType ?? null,
        subjectId: entry.subjectId ?? null,
        ip: entry.ip ?? null,
        reason: entry.reason?.slice(0, AUDIT_REASON_LENGTH_MAX) ?? null,
        details: entry.details ?? null,
      });
    },
  };
}
