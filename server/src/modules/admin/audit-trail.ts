import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ACTION_PREFIX, type AuditEntry } from '@larkspur/contract';
import type { ReadDatabase } from '../../db/client';
import { auditLog, profiles } from '../../db/schema/index';
import { CURSOR_TIMESTAMP_FORMAT, decodeCursor, encodeCursor, prefixPattern } from '../../lib/keyset-cursor';

export interface AuditTrailFilter {
  actorId?: string;
  action?: string;
  actionPrefix?: string;
  subjectId?: string;
  /** Ids of the people a typed actor filter names (decision 0169); empty matches nothing. */
  actorIds?: string[];
  /** Ids of the people a typed customer filter names, as the rows' subject. */
  subjectIds?: string[];
  /** YYYY-MM-DD, UTC days, both inclusive. */
  from?: string;
  to?: string;
}

export interface AuditTrail {
  /** The audit log newest first, filtered, one keyset page at a time. */
  list(
    filter: AuditTrailFilter,
    page: { cursor?: string; limit: number },
  ): Promise<{
    items: AuditEntry[];
    nextCursor: string | null;
  }>;
  /** The newest admin actions (`admin.*`), for the overview. */
  latestAdminActions(limit: number): Promise<AuditEntry[]>;
}

const CURSOR_TAG = 'audit';
const DAY_MS = 86_400_000;
/** Nesting deeper than any detail we write is cut off rather than walked. */
const DETAILS_DEPTH_MAX = 6;
/**
 * Keys whose values must never leave the server, whoever wrote the row. Rows are written by our
 * own code, which already keeps these out; this is the allow-list's last line for a free-form field.
 */
const SECRET_KEY_PATTERN =
  /password|secret|token|cookie|^ssn$|^ssnencrypted$|^code$|^otp|^sessionid$|^idhash$|^authorization$/i;
/** A full SSN in any string value is masked to its last four. */
const SSN_PATTERN = /\b\d{3}-\d{2}-(\d{4})\b/g;
const REDACTED = '[redacted]';

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(SSN_PATTERN, '***-**-$1');
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DETAILS_DEPTH_MAX) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY_PATTERN.test(key) ? REDACTED : redact(inner, depth + 1);
  }
  return out;
}

export function redactDetails(details: Record<string, unknown> | null): Record<string, unknown> | null {
  return details === null ? null : (redact(details, 0) as Record<string, unknown>);
}

// The audit indexes are `created_at DESC NULLS LAST, id DESC NULLS LAST`; a plain `desc` (nulls
// first) would not match them and every page would sort the whole log.
const newestFirst = [sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`];
// A literal, so the planner matches the partial index `audit_log_admin_created_idx`.
const isAdminAction = sql`${auditLog.action} like 'admin.%'`;

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  createdKey: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', ${CURSOR_TIMESTAMP_FORMAT})`,
  actorId: auditLog.actorId,
  actorRole: auditLog.actorRole,
  actorFirstName: profiles.firstName,
  actorSurname: profiles.surname,
  action: auditLog.action,
  subjectType: auditLog.subjectType,
  subjectId: auditLog.subjectId,
  ip: auditLog.ip,
  outcome: auditLog.outcome,
  reason: auditLog.reason,
  details: auditLog.details,
};

interface EntryRow {
  id: number;
  createdAt: Date;
  createdKey: string;
  actorId: string | null;
  actorRole: string | null;
  actorFirstName: string | null;
  actorSurname: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  ip: string | null;
  outcome: AuditEntry['outcome'];
  reason: string | null;
  details: Record<string, unknown> | null;
}

function toEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    actorName:
      row.actorFirstName !== null && row.actorSurname !== null
        ? `${row.actorFirstName} ${row.actorSurname}`
        : null,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    ip: row.ip,
    outcome: row.outcome,
    reason: row.reason,
    details: redactDetails(row.details),
  };
}

function conditions(filter: AuditTrailFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.actionPrefix) {
    where.push(
      filter.actionPrefix === ADMIN_ACTION_PREFIX
        ? isAdminAction
        : sql`${auditLog.action} like ${prefixPattern(filter.actionPrefix)}`,
    );
  }
  if (filter.subjectId) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorIds) where.push(inArray(auditLog.actorId, filter.actorIds));
  if (filter.subjectIds)
    where.push(
      and(eq(auditLog.subjectType, 'user'), inArray(auditLog.subjectId, filter.subjectIds)) ?? sql`false`,
    );
  if (filter.from) where.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to)
    where.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)));
  return where;
}

export function createAuditTrail(deps: { db: ReadDatabase }): AuditTrail {
  const { db } = deps;

  const select = (where: SQL[], limit: number): Promise<EntryRow[]> =>
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.userId, auditLog.actorId))
      .where(and(...where))
      .orderBy(...newestFirst)
      .limit(limit);

  return {
    async list(filter, page) {
      const where = conditions(filter);
      if (page.cursor) {
        const [at, id] = decodeCursor(page.cursor, CURSOR_TAG, ['timestamp', 'integer']);
        where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}::timestamptz, ${id}::bigint)`);
      }
      const rows = await select(where, page.limit + 1);
      const items = rows.slice(0, page.limit);
      const last = items[items.length - 1];
      return {
        items: items.map(toEntry),
        nextCursor:
          rows.length > page.limit && last
            ? encodeCursor(CURSOR_TAG, [last.createdKey, String(last.id)])
            : null,
      };
    },

    async latestAdminActions(limit) {
      return (await select([isAdminAction], limit)).map(toEntry);
    },
  };
}
