import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
  staffCreateSchema,
  staffInvitationCompleteSchema,
  staffInvitationDoneSchema,
  staffInvitationLookupSchema,
  staffInvitationSummarySchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPageSchema,
  staffUpdateSchema,
  errorResponses,
} from '@larkspur/contract';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SecurityService } from '../security/index';
import { requireCapability } from '../../plugins/staff-access';
import type { StaffService } from './staff-service';

const errors = errorResponses(400, 401, 403, 404, 409);
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
      async (request, reply) => reply.code(201).send(await staff.create(request.actor, request.body)),
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
        return staff.update(request.actor, request.params.id.toLowerCase(), request.body);
      },
    );

    const invitationTarget = (params: { id: string }) => {
      if (!UUID_PATTERN.test(params.id)) throw new AppError('STAFF_NOT_FOUND');
      return params.id.toLowerCase();
    };

    app.post(
      '/staff/:id/invitation',
      {
        preHandler: requireCapability('staff.manage'),
        schema: {
          tags: ['admin'],
          summary:
            'Send a staff member who has not activated yet a new invitation link; earlier links stop working',
          params: idParams,
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => staff.resendInvitation(request.actor, invitationTarget(request.params)),
    );

    app.post(
      '/staff/:id/invitation/revoke',
      {
        preHandler: requireCapability('staff.manage'),
        schema: {
          tags: ['admin'],
          summary: "Withdraw a staff member's open invitation link (a new one can be sent later)",
          params: idParams,
          response: { 200: staffMemberSchema, ...errors },
        },
      },
      async (request) => staff.revokeInvitation(request.actor, invitationTarget(request.params)),
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

/** Per-IP ceiling on the invitation forms (a per-instance backstop: the token is 256 random bits). */
export const STAFF_INVITATION_RATE_LIMIT_PER_MINUTE = 10;

/**
 * The invitee's side (decision 0189), for guests: who a link is for, and completing it with their
 * own password. The token travels in the body (never the path), so it is not in access logs.
 */
export function staffInvitationRoutes(deps: { staff: StaffService }): FastifyPluginAsyncZod {
  const { staff } = deps;
  return async (app) => {
    const limit = app.rateLimit({ max: STAFF_INVITATION_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
    const guestErrors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };

    app.post(
      '/auth/staff-invitation/lookup',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary: "A staff invitation link's email and first name, while it can still be used",
          body: staffInvitationLookupSchema,
          response: { 200: staffInvitationSummarySchema, ...guestErrors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return staff.lookupInvitation(request.body.token);
      },
    );

    app.post(
      '/auth/staff-invitation/complete',
      {
        preHandler: limit,
        schema: {
          tags: ['auth'],
          summary:
            'Use a staff invitation link once: the invitee sets their own password, then signs in at the staff sign-in',
          body: staffInvitationCompleteSchema,
          response: { 200: staffInvitationDoneSchema, ...guestErrors },
        },
      },
      async (request, reply) => {
        const done = await staff.completeInvitation(request.body.token, request.body.newPassword, request.ip);
        reply.header('Cache-Control', 'no-store');
        return { ok: true as const, email: done.email };
      },
    );
  };
}
