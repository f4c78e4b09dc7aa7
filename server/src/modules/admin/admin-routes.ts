import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuerySchema,
  adminOverviewSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserUpdateSchema,
  auditPageSchema,
  caseNoteCreateSchema,
  caseNoteListQuerySchema,
  caseNotePageSchema,
  caseNoteSchema,
  errorResponses,
  looseIdParamsSchema,
} from '@larkspur/contract';
import type { Database, ReadDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ownIdOrNotFound } from '../../lib/path-ids';
import type { AuditLog } from '../audit/index';
import type { SessionStore } from '../auth/index';
import type { SecurityAlerts } from '../email/index';
import type { UserService } from '../users/index';
import { createAuditTrail } from './audit-trail';
import { createCaseNoteService } from './case-notes';
import { createAdminOverviewService } from './overview';
import { createAdminUserDirectory } from './user-directory';
import { holdsCapability, requireCapability } from '../../plugins/staff-access';
import { resolveAuditPeople } from '../staff/index';

const errors = errorResponses(400, 401, 403, 404);
const userParams = looseIdParamsSchema;
const userIdOf = (params: { id: string }): string => ownIdOrNotFound(params.id, 'USER_NOT_FOUND');

/**
 * The admin console's reads and the customer edit (issue #8). Registered inside the admin area,
 * whose hook has already checked the admin role on the server.
 */
export function adminConsoleRoutes(deps: {
  db: Database;
  /** The overview, the customer list and the audit log (decision 0107). */
  readDb: ReadDatabase;
  clock: Clock;
  users: UserService;
  sessions: SessionStore;
  audit: AuditLog;
  /** Issue 17: the phone-change alert and the customer's sign-in lock in their file. */
  alerts?: SecurityAlerts;
  lockedUntil?: (userId: string) => Promise<Date | null>;
}): FastifyPluginAsyncZod {
  const auditTrail = createAuditTrail({ db: deps.readDb });
  const directory = createAdminUserDirectory(deps);
  const overview = createAdminOverviewService({ db: deps.readDb, clock: deps.clock, auditTrail });
  const notes = createCaseNoteService({ db: deps.db, clock: deps.clock, audit: deps.audit });

  return async (app) => {
    app.get(
      '/overview',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            'KPIs: customers by status, balances held, volume today and 7 days, pending loans, latest admin actions',
          response: { 200: adminOverviewSchema, ...errors },
        },
      },
      async () => overview.get(),
    );

    app.get(
      '/users',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: 'Customers (never admins): prefix search, status filter, sort, keyset pages',
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserPageSchema, ...errors },
        },
      },
      async (request) => directory.list(request.query),
    );

    app.get(
      '/users/:id',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: "A customer's file: profile (SSN last four), counts, latest records and loans",
          params: userParams,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => directory.get(userIdOf(request.params)),
    );

    app.patch(
      '/users/:id',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary:
            'Change profile fields, status or account limit, with a reason; suspending or closing ends every session',
          params: userParams,
          body: adminUserUpdateSchema,
          response: { 200: adminUserDetailSchema, ...errors },
        },
      },
      async (request) => {
        // A customer's daily limit is a bank limit: administrators only (decision 0167).
        if (request.body.accountLimit !== undefined && !holdsCapability(request, 'settings.manage'))
          throw new AppError('FORBIDDEN', { field: 'accountLimit' });
        return directory.update(request.actor, userIdOf(request.params), request.body);
      },
    );

    // Case notes (issue 19, decision 0153): read and add only; no route edits or deletes one.
    app.get(
      '/users/:id/notes',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: "Case notes on a customer's file: who, when, text; newest first, keyset pages",
          params: userParams,
          querystring: caseNoteListQuerySchema,
          response: { 200: caseNotePageSchema, ...errors },
        },
      },
      async (request) => notes.list(userIdOf(request.params), request.query),
    );

    app.post(
      '/users/:id/notes',
      {
        preHandler: requireCapability('customers.serve'),
        schema: {
          tags: ['admin'],
          summary: "Add a case note to a customer's file (never edited or deleted), audited",
          params: userParams,
          body: caseNoteCreateSchema,
          response: { 201: caseNoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const note = await notes.add(request.actor, userIdOf(request.params), request.body.text);
        return reply.code(201).send(note);
      },
    );

    app.get(
      '/audit',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary: 'Admin actions and security events, newest first, filtered, keyset pages',
          querystring: adminAuditQuerySchema,
          response: { 200: auditPageSchema, ...errors },
        },
      },
      async (request) => {
        const { cursor, limit, ...typed } = request.query;
        return auditTrail.list(await resolveAuditPeople(deps.readDb, typed), { cursor, limit });
      },
    );
  };
}
