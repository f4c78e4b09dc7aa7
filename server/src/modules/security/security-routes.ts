import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  revokeOtherSessionsResponseSchema,
  revokeSessionResponseSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
  sessionIdParamsSchema,
  sessionsQuerySchema,
  sessionsResponseSchema,
  errorResponses,
} from '@larkspur/contract';
import { clearSessionCookie, type SessionCookie } from '../../plugins/authentication';
import { defineArea } from '../../plugins/area';
import type { SecurityService } from './security-service';

const errors = errorResponses(400, 401, 403);

/**
 * The security page's API (issue 17, decisions 0140–0143): the customer's signed-in devices, signing
 * one or all others out, and their own recent security events.
 */
export function securityRoutes(deps: {
  security: SecurityService;
  cookie: SessionCookie;
}): FastifyPluginAsyncZod {
  const { security } = deps;

  return defineArea('customer-after-input', async (app) => {
    app.get(
      '/me/sessions',
      {
        schema: {
          tags: ['security'],
          summary:
            "The customer's signed-in devices and sessions: this device first, then the others, newest sign-in first",
          querystring: sessionsQuerySchema,
          response: { 200: sessionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return security.listSessions(session, request.query);
      },
    );

    // Decision 0140: one path for "sign out every other device", beside the one-by-one DELETE.
    app.post(
      '/me/sessions/revoke-others',
      {
        schema: {
          tags: ['security'],
          summary: 'Sign out every other device and session of this customer; this one stays',
          response: { 200: revokeOtherSessionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        const count = await security.revokeOtherSessions(session, request.ip);
        return { ok: true as const, count };
      },
    );

    app.delete(
      '/me/sessions/:id',
      {
        schema: {
          tags: ['security'],
          summary:
            "Sign out one of the customer's sessions at once (its live streams end too); this device's own signs this browser out",
          params: sessionIdParamsSchema,
          response: { 200: revokeSessionResponseSchema, ...errors, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const session = request.session;
        const { signedOut } = await security.revokeSession(session, request.params.id, request.ip);
        // Signing out this very device from the list is a log-out: the cookie goes too.
        if (signedOut) clearSessionCookie(reply, deps.cookie);
        return { ok: true as const, signedOut };
      },
    );

    app.get(
      '/me/security-events',
      {
        schema: {
          tags: ['security'],
          summary:
            "The customer's own recent security events (sign-ins, failed attempts, changes), newest first",
          querystring: securityEventsQuerySchema,
          response: { 200: securityEventsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return security.listEvents(session.userId, request.query);
      },
    );
  });
}
