import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
  staffCreateSchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  staffUpdateSchema,
} from '@larkspur/contract';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SecurityService } from '../security/security-service';
import { requireCapability } from './access';
import type { StaffActor, StaffService } from './staff-service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest path id read; anything that is not one of our ids is simply not found. */
const ID_LENGTH_MAX = 64;
const idParams = z.object({ id: z.string().max(ID_LENGTH_MAX) });

/**
 * The Staff page (decision 0168) and the customer file's security events (issue 19). Registered
 * inside the admin area; each route declares its capability (decision 0167).
 */
export function staffRoutes(deps: {
  db: Database;
  staff: StaffService;
  security: SecurityService;
}): FastifyPluginAsyncZod {
  const { db, staff, security } = deps;
  return async (app) => {
    const actorOf = (request: { auth: { userId: string } | null; ip: string }): StaffActor => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED');
      return { userId: request.auth.userId, ip: request.ip };
    };

    app.get(
      '/staff',
      {
        preHandler: requireCapability('staff.manage'),
        schema: {
          tags: ['admin'],
          summary: 'Staff members with their permission set and status, oldest first, keyset pages',
          querystring: staffListQuerySchema,
          response: { 200: staffPageSchema, ...errors },
        },
      },
      async (request) => staff.list(request.query),
    );

    app.post(
      '/staff',
      {
        preHandler: requireCapability('staff.manage'),
        schema: {
          tags: ['admin'],
          summary: 'Create a staff member with a permission set (operator, approver, administrator); audited',
          body: staffCreateSchema,
          response: { 201: staffMemberSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await staff.create(actorOf(request), request.body)),
    );

    app.patch(
      '/staff/:id',
      {
        preHandler: requireCapability('staff.manage'),
        schema: {
          tags: ['admin'],
          summary:
            "Change a staff member's permission set, or disable or enable them; never the last active administrator",
          params: idParams,
          body: staffUpdateSchema,
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => {
        if (!UUID_PATTERN.test(request.params.id)) throw new AppError('STAFF_NOT_FOUND');
        return staff.update(actorOf(request), request.params.id.toLowerCase(), request.body);
      },
    );

    app.get(
      '/users/:id/security-events',
      {
        preHandler: requireCapability('backoffice.read'),
        schema: {
          tags: ['admin'],
          summary:
            "A customer's security events (sign-ins, failures, changes) as they see them, newest first, keyset pages",
          params: idParams,
          querystring: securityEventsQuerySchema,
          response: { 200: securityEventsResponseSchema, ...errors },
        },
      },
      async (request) => {
        if (!UUID_PATTERN.test(request.params.id)) throw new AppError('USER_NOT_FOUND');
        const userId = request.params.id.toLowerCase();
        const customer = await db
          .select({ id: profiles.userId })
          .from(profiles)
          .where(and(eq(profiles.userId, userId), eq(profiles.role, 'user')))
          .limit(1);
        if (customer.length === 0) throw new AppError('USER_NOT_FOUND');
        return security.listEvents(userId, request.query);
      },
    );
  };
}
