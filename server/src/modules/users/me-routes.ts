import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  errorEnvelopeSchema,
  profileSchema,
  updateContactSchema,
} from '@larkspur/contract';
import type { Database, DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Guards } from '../../plugins/authentication';
import type { AuditLog } from '../audit/audit-log';
import type { AuthService } from '../auth/auth-service';
import type { SessionStore } from '../auth/session-store';
import { PROFILE_CHANNEL, type UserService } from './user-service';

/** A comment line this often keeps proxies from closing an idle event stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export function meRoutes(deps: {
  db: Database;
  database: DatabaseHandle;
  users: UserService;
  auth: AuthService;
  sessions: SessionStore;
  guards: Guards;
  audit: AuditLog;
  cookieName: string;
}): FastifyPluginAsyncZod {
  const { db, users, guards, audit } = deps;

  return async (app) => {
    // One LISTEN per process, fanned out to this process's open streams.
    const streams = new Map<string, Set<() => void>>();
    const unlisten = await deps.database.listen(
      PROFILE_CHANNEL,
      (userId) => {
        for (const push of streams.get(userId) ?? []) push();
      },
      // The LISTEN connection was lost (database restart, failover) and changes with it: every
      // open stream re-reads its profile.
      () => {
        for (const set of streams.values()) for (const push of set) push();
      },
    );
    app.addHook('onClose', async () => {
      await unlisten();
    });

    app.get(
      '/me',
      {
        schema: {
          tags: ['profile'],
          summary: "The customer's profile (SSN as last four only)",
          response: { 200: profileSchema, ...errors, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const session = await guards.requireCustomer(request, reply);
        const profile = await users.getProfile(session.userId);
        if (!profile) throw new AppError('PROFILE_NOT_FOUND');
        return profile;
      },
    );

    // Guests are refused before the body is validated: they learn nothing about its shape.
    const signedInFirst = async (request: FastifyRequest, reply: FastifyReply) => {
      await guards.requireSignedIn(request, reply);
    };

    app.patch(
      '/me',
      {
        onRequest: signedInFirst,
        schema: {
          tags: ['profile'],
          summary:
            'Change contact fields (phone, address, ZIP, country, marital status, occupation) — nothing else',
          body: updateContactSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await guards.requireCustomer(request, reply);
        await db.transaction(async (tx) => {
          const change = await users.updateContact(tx, session.userId, request.body);
          await audit.record(tx, {
            action: 'profile.update',
            outcome: 'success',
            actorId: session.userId,
            actorRole: 'user',
            subjectType: 'user',
            subjectId: session.userId,
            ip: request.ip,
            details: change,
          });
        });
        users.profilesChanged([session.userId]);
        const profile = await users.getProfile(session.userId);
        if (!profile) throw new AppError('PROFILE_NOT_FOUND');
        return profile;
      },
    );

    app.post(
      '/me/password',
      {
        onRequest: signedInFirst,
        schema: {
          tags: ['profile'],
          summary: 'Change the password; every other session of this person ends',
          body: changePasswordSchema,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request, reply) => {
        const session = await guards.requireSignedIn(request, reply);
        await deps.auth.changePassword(session, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          previousSessionId: null,
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/me/stream',
      {
        schema: {
          tags: ['profile'],
          summary: 'Server-Sent Events: the profile, again whenever it changes (on any instance)',
        },
      },
      async (request, reply) => {
        const session = await guards.requireCustomer(request, reply);
        const userId = session.userId;
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });

        let closed = false;
        let sending = Promise.resolve();
        const close = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          streams.get(userId)?.delete(push);
          if (streams.get(userId)?.size === 0) streams.delete(userId);
          raw.end();
        };
        // Pushes are chained so two quick changes arrive in order.
        const push = () => {
          sending = sending.then(async () => {
            if (closed) return;
            const profile = await users.getProfile(userId).catch(() => null);
            if (closed) return;
            if (!profile || profile.status !== 'active') return close();
            raw.write(`event: profile\ndata: ${JSON.stringify(profile)}\n\n`);
          });
        };
        // The stream lives only as long as the session: checked on every heartbeat.
        const heartbeat = setInterval(() => {
          void deps.sessions
            .resolve(request.cookies[deps.cookieName] ?? '')
            .then((live) => {
              if (!live) return close();
              if (!closed) raw.write(': keep-alive\n\n');
            })
            // The database is unavailable (restart, failover): an unhandled rejection would end
            // the process. The stream stays; the next heartbeat checks the session again.
            .catch(() => undefined);
        }, STREAM_HEARTBEAT_MS);
        let set = streams.get(userId);
        if (!set) {
          set = new Set();
          streams.set(userId, set);
        }
        set.add(push);
        request.raw.on('close', close);
        raw.write('retry: 3000\n\n');
        push();
      },
    );
  };
}
