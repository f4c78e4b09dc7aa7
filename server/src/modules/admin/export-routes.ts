import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditExportQuerySchema,
  adminStatementExportQuerySchema,
  PAGE_SIZE_MAX,
  type AuditEntry,
  type TransactionRecord,
  errorResponses,
} from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../db/client';
import { keysetCsv, sendCsv } from '../../lib/csv';
import type { RequestActor } from '../../lib/actor';
import type { AuditLog } from '../audit/index';
import { CSV_COLUMNS, listRecords, recordCsvCells, type StatementFilter } from '../ledger/index';
import { createAuditTrail, type AuditTrailFilter } from './audit-trail';
import { requireCapability } from '../../plugins/staff-access';
import { resolveAuditPeople, resolveCustomerFilter } from '../staff/index';

/**
 * Most rows one back-office export writes (decision 0150). A larger export ends with a line saying
 * it was cut; the dates narrow it. 100,000 rows is about 20 MB of CSV, which a spreadsheet opens.
 */
export const ADMIN_EXPORT_ROWS_MAX = 100_000;

/** The records export: the owner first (the admin list spans every customer), then the statement's columns. */
export const ADMIN_RECORD_CSV_COLUMNS = ['Customer ID', ...CSV_COLUMNS] as const;

export const AUDIT_CSV_COLUMNS = [
  'Date',
  'Entry',
  'Actor ID',
  'Actor name',
  'Actor role',
  'Action',
  'Subject type',
  'Subject',
  'IP',
  'Outcome',
  'Reason',
  'Details',
] as const;

export function adminRecordsCsv(
  db: ReadDatabase,
  filter: StatementFilter,
  rowsMax: number = ADMIN_EXPORT_ROWS_MAX,
): AsyncGenerator<string> {
  return keysetCsv<TransactionRecord>({
    columns: ADMIN_RECORD_CSV_COLUMNS,
    page: (cursor) => listRecords(db, filter, { cursor, limit: PAGE_SIZE_MAX }),
    cells: (r) => [r.userId, ...recordCsvCells(r)],
    rowsMax,
  });
}

export function auditCsv(
  db: ReadDatabase,
  filter: AuditTrailFilter,
  rowsMax: number = ADMIN_EXPORT_ROWS_MAX,
): AsyncGenerator<string> {
  const trail = createAuditTrail({ db });
  return keysetCsv<AuditEntry>({
    columns: AUDIT_CSV_COLUMNS,
    page: (cursor) => trail.list(filter, { cursor, limit: PAGE_SIZE_MAX }),
    cells: (e) => [
      e.at,
      String(e.id),
      e.actorId ?? '',
      e.actorName ?? '',
      e.actorRole ?? '',
      e.action,
      e.subjectType ?? '',
      e.subjectId ?? '',
      e.ip ?? '',
      e.outcome,
      e.reason ?? '',
      // Already redacted by the trail: the same details the audit page shows.
      e.details === null ? '' : JSON.stringify(e.details),
    ],
    rowsMax,
  });
}

const errors = errorResponses(400, 401, 403);

/**
 * The back office's CSV exports (issue 19). Registered inside the admin area, whose hook has already
 * checked the role. Each export is audited with who asked for it and its filter.
 */
export function adminExportRoutes(deps: {
  /** The audit row of the export. */
  db: Database;
  /** The exported rows (decision 0107: reads off the primary when a replica is configured). */
  readDb: ReadDatabase;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const { db, readDb, audit } = deps;
  return async (app) => {
    const audited = (request: { actor: RequestActor }, action: string, filter: object) => async () => {
      await audit.record(db, {
        action,
        outcome: 'success',
        actorId: request.actor.userId,
        actorRole: 'admin',
        subjectType: 'export',
        ip: request.actor.ip,
        details: { filter },
      });
    };

    app.get(
      '/transactions.csv',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: `All records with the list's filters as CSV (formula-like cells neutralised; at most ${ADMIN_EXPORT_ROWS_MAX} rows)`,
          querystring: adminStatementExportQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          adminRecordsCsv(readDb, await resolveCustomerFilter(readDb, request.query)),
          'larkspur-records',
          audited(request, 'admin.export_records', request.query),
        ),
    );

    app.get(
      '/audit.csv',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: `The audit log with its filters as CSV (details redacted as on the page; at most ${ADMIN_EXPORT_ROWS_MAX} rows)`,
          querystring: adminAuditExportQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          auditCsv(readDb, await resolveAuditPeople(readDb, request.query)),
          'larkspur-audit',
          audited(request, 'admin.export_audit', request.query),
        ),
    );
  };
}
