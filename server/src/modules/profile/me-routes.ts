import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STEP_UP_TOKEN_HEADER,
  changePasswordSchema,
  errorEnvelopeSchema,
  profileSchema,
  updateContactSchema,
  errorResponses,
} from '@larkspur/contract';
import type { Database, DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/errors';
import { defineArea } from '../../plugins/area';
import type { AuditLog } from '../audit/index';
import type { AuthService } from '../auth/index';
import type { RequireSecondFactor } from '../passkeys/index';
import { stepUpTokenOf } from '../../lib/step-up-token';
import { SESSION_REVOKED_CHANNEL, type SessionStore } from '../auth/index';
import type { Clock } from '../../lib/clock';
import { createLiveStreamRegistry, type LiveStream } from '../users/index';
import { PROFILE_CHANNEL, type UserService } from '../users/index';
import type { SecurityAlerts } from '../email/index';

/**
 * A comment line this often keeps proxies from closing an idle event stream; each beat also checks
 * the session, a backstop for a revocation announcement this instance missed.
 */
export const STREAM_HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a stream a newer one of its session replaced. */
export const REPLACED_STREAM_RETRY_MS = 60_000;
/** Retry-After of a stream refused because this instance holds STREAMS_PER_INSTANCE_MAX. */
const STREAM_REFUSED_RETRY_AFTER_S = 30;
/** Checked this long after the session's deadline, so the check finds it expired. */
const STREAM_EXPIRY_SLACK_MS = 250;
/** setTimeout's own bound is about 24.8 days; a longer deadline is simply checked again. */
const STREAM_TIMER_DELAY_MAX_MS = 2 ** 31 - 1;
const errors = errorResponses(400, 401, 403);

export function meRoutes(deps: {
  db: Database;
  database: DatabaseHandle;
  users: UserService;
  auth: AuthService;
  sessions: SessionStore;
  audit: AuditLog;
  cookieName: string;
  clock: Clock;
  /** The "phone number changed" alert, queued with the change (issue 17). */
  alerts: SecurityAlerts;
  /** Spends a customer's second-factor proof for a change of sign-in factors (decision 0185). */
  requireSecondFactor: RequireSecondFactor;
  /** Stream caps; STREAMS_PER_SESSION_MAX and STREAMS_PER_INSTANCE_MAX unless a test sets others. */
  streamCaps?: { perSession: number; perInstance: number };
}): FastifyPluginAsyncZod {
  const { db, users, audit } = deps;

  return defineArea('customer', async (app) => {
    // One LISTEN per channel per process, fanned out to this process's open streams.
    const streams = createLiveStreamRegistry(deps.streamCaps);
    const unlistenProfiles = await deps.database.listen(
      PROFILE_CHANNEL,
      (userId) => {
        streams.pushUser(userId);
      },
      // The LISTEN connection was lost (database restart, failover) and changes with it: every
      // open stream re-reads its profile. A revocation missed in that gap is caught by the
      // stream's heartbeat check of its session.
      () => {
        streams.pushAll();
      },
    );
    const unlistenRevocations = await deps.database.listen(SESSION_REVOKED_CHANNEL, (sessionHash) => {
      streams.endSession(sessionHash);
    });
    app.addHook('onClose', async () => {
      await unlistenProfiles();
      await unlistenRevocations();
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
      async (request) => {
        const session = request.session;
        const profile = await users.getProfile(session.userId);
        if (!profile) throw new AppError('PROFILE_NOT_FOUND');
        return profile;
      },
    );

    app.patch(
      '/me',
      {
        config: { access: 'customer-after-input' },
        schema: {
          tags: ['profile'],
          summary:
            'Change contact fields (phone, address, ZIP, country, marital status, occupation) — nothing else',
          body: updateContactSchema,
          response: { 200: profileSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
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
          const phone = change.after.phone;
          if (phone !== undefined && phone !== change.before.phone) {
            await deps.alerts.phoneChanged(tx, session.userId, phone, false);
          }
        });
        deps.alerts.nudge();
        users.profilesChanged([session.userId]);
        const profile = await users.getProfile(session.userId);
        if (!profile) throw new AppError('PROFILE_NOT_FOUND');
        return profile;
      },
    );

    app.post(
      '/me/password',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          summary:
            'Change the password (a customer also sends a second-factor proof: Step-Up-Token header, POST /api/me/step-up); every other session of this person ends',
          body: changePasswordSchema,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        const ctx = {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          previousSessionId: null,
        };
        await deps.auth.changePassword(
          session,
          { ...request.body, stepUpToken: stepUpTokenOf(request.headers[STEP_UP_TOKEN_HEADER]) },
          ctx,
          (token, tx) => deps.requireSecondFactor(session, 'password.change', token, ctx, tx),
        );
        return { ok: true as const };
      },
    );

    app.get(
      '/me/stream',
      {
        schema: {
          tags: ['profile'],
          summary: 'Server-Sent Events: the profile, again whenever it changes (on any instance)',
          response: { ...errors, 503: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const session = request.session;
        const { userId } = session;
        const cookie = request.cookies[deps.cookieName] ?? '';
        const raw = reply.raw;

        let closed = false;
        let sending = Promise.resolve();
        let expiry: NodeJS.Timeout | undefined;
        // Set once the stream is open; `end` may run before that for a stream that never opened.
        let heartbeat: NodeJS.Timeout | undefined = undefined;
        const end = (reason: 'revoked' | 'replaced') => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          clearTimeout(expiry);
          streams.remove(stream);
          // A replaced tab would otherwise reconnect in 3 s and replace another in turn.
          if (reason === 'replaced') raw.write(`retry: ${REPLACED_STREAM_RETRY_MS}\n\n`);
          raw.end();
        };
        // Pushes are chained so two quick changes arrive in order.
        const push = () => {
          sending = sending.then(async () => {
            if (closed) return;
            const profile = await users.getProfile(userId).catch(() => null);
            if (closed) return;
            if (!profile || profile.status !== 'active') return end('revoked');
            raw.write(`event: profile\ndata: ${JSON.stringify(profile)}\n\n`);
          });
        };
        const stream: LiveStream = { userId, sessionHash: session.idHash, push, end };
        // The stream lives only as long as the session. A revocation ends it at once (the NOTIFY
        // above); this check is for an expiry, and for a revocation whose NOTIFY this instance missed
        // (its listening connection was down).
        const check = () =>
          deps.sessions
            .resolve(cookie)
            .then((live) => {
              if (!live) return end('revoked');
              if (closed) return;
              // The idle deadline moves on with the person's other requests: wake at the current one.
              const deadline = Math.min(live.idleExpiresAt.getTime(), live.absoluteExpiresAt.getTime());
              const untilDeadline = deadline - deps.clock.now().getTime();
              clearTimeout(expiry);
              expiry = setTimeout(
                () => void check(),
                Math.min(Math.max(untilDeadline, 0) + STREAM_EXPIRY_SLACK_MS, STREAM_TIMER_DELAY_MAX_MS),
              );
              expiry.unref();
            })
            .catch(() => undefined);

        // Registered before the first byte, synchronously after the guard: no burst of opens gets
        // past the caps. A full instance refuses; the browser's EventSource tries again later.
        if (!streams.add(stream)) {
          reply.header('Retry-After', String(STREAM_REFUSED_RETRY_AFTER_S));
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        reply.hijack();
        raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });
        heartbeat = setInterval(() => {
          void check().then(() => {
            if (!closed) raw.write(': keep-alive\n\n');
          });
        }, STREAM_HEARTBEAT_MS);
        request.raw.on('close', () => end('revoked'));
        raw.write('retry: 3000\n\n');
        push();
        // A logout that committed between the guard and the registration was announced before
        // this stream could hear it: look once more now that it listens.
        void check();
      },
    );
  });
}
