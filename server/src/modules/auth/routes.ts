import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginSchema,
  adminLoginStartResponseSchema,
  adminVerifySchema,
  errorEnvelopeSchema,
  loginSchema,
  makeSignupSchema,
  makeSignupVerifySchema,
  sessionResponseSchema,
  signupStartResponseSchema,
  signupVerifyResponseSchema,
  errorResponses,
} from '@larkspur/contract';
import type { Clock } from '../../lib/clock';
import {
  clearPendingCookie,
  clearSessionCookie,
  deviceCookieName,
  pendingCookieName,
  sessionBody,
  setDeviceCookie,
  setPendingCookie,
  setSessionCookie,
  type SessionCookie,
} from '../../plugins/authentication';
import { defineArea } from '../../plugins/area';
import type { AuthService, RequestContext } from './auth-service';
import type { SessionStore } from './session-store';

/** Per-IP ceilings on the guest endpoints, on top of the per-account throttle (a per-instance backstop). */
const LOGIN_RATE_LIMIT_PER_MINUTE = 30;
const SIGNUP_RATE_LIMIT_PER_MINUTE = 10;
const OK = z.object({ ok: z.literal(true) });
const errors = errorResponses(400, 401, 403, 429);

export function authRoutes(deps: {
  auth: AuthService;
  sessions: SessionStore;
  cookie: SessionCookie;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const { auth, cookie, sessions } = deps;
  const today = () => deps.clock.now();

  function context(request: FastifyRequest): RequestContext {
    const ua = request.headers['user-agent'];
    return {
      ip: request.ip,
      userAgent: typeof ua === 'string' ? ua : null,
      previousSessionId: request.cookies[cookie.name] ?? null,
      deviceId: request.cookies[deviceCookieName(cookie)] ?? null,
      pendingId: request.cookies[pendingCookieName(cookie)] ?? null,
    };
  }

  // The session cookie goes first: clients that keep one cookie keep the right one.
  function signedIn(reply: FastifyReply, result: { sessionId: string; deviceId: string }) {
    setSessionCookie(reply, cookie, result.sessionId);
    setDeviceCookie(reply, cookie, result.deviceId);
    reply.header('Cache-Control', 'no-store');
  }

  function signedInAfterTwoSteps(reply: FastifyReply, result: { sessionId: string; deviceId: string }) {
    signedIn(reply, result);
    clearPendingCookie(reply, cookie);
  }

  return defineArea('guest', async (app) => {
    const loginLimit = app.rateLimit({ max: LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
    const signupLimit = app.rateLimit({ max: SIGNUP_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });

    app.get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'Who is signed in (null for a guest); does not extend the session',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return sessionBody(request.auth);
      },
    );

    app.post(
      '/auth/session/refresh',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: '"Stay signed in": extend the idle deadline',
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        await sessions.touch(session, { force: true });
        return sessionBody(session);
      },
    );

    app.post(
      '/auth/signup/start',
      {
        preHandler: signupLimit,
        schema: {
          tags: ['auth'],
          summary: 'Check a sign-up and email a verification code',
          body: makeSignupSchema(today),
          response: { 202: signupStartResponseSchema, ...errors, 503: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const { email, pendingId } = await auth.signupStart(request.body);
        setPendingCookie(reply, cookie, pendingId);
        return reply.status(202).send({ ok: true, email });
      },
    );

    app.post(
      '/auth/signup/verify',
      {
        preHandler: signupLimit,
        schema: {
          tags: ['auth'],
          summary:
            'Verify the emailed code, from the browser that started the sign-up (its pending cookie), and open the account; signs the customer in',
          body: makeSignupVerifySchema(today),
          response: { 201: signupVerifyResponseSchema, ...errors, 409: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const { code, ...signup } = request.body;
        const result = await auth.signupVerify(signup, code, context(request));
        signedInAfterTwoSteps(reply, result);
        return reply
          .status(201)
          .send({ ...sessionBody(result.session), accountNumber: result.accountNumber });
      },
    );

    app.post(
      '/auth/login',
      {
        preHandler: loginLimit,
        schema: {
          tags: ['auth'],
          summary: 'Customer login with account number and password',
          body: loginSchema,
          response: { 200: sessionResponseSchema, ...errors, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const result = await auth.login(request.body, context(request));
        signedIn(reply, result);
        return sessionBody(result.session);
      },
    );

    app.post(
      '/auth/admin/login',
      {
        preHandler: loginLimit,
        schema: {
          tags: ['auth'],
          summary: 'Admin login, step 1: email and password; emails a code',
          body: adminLoginSchema,
          response: {
            202: adminLoginStartResponseSchema,
            ...errors,
            404: errorEnvelopeSchema,
            503: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const { email, pendingId } = await auth.adminLoginStart(request.body, context(request));
        setPendingCookie(reply, cookie, pendingId);
        return reply.status(202).send({ ok: true, email });
      },
    );

    app.post(
      '/auth/admin/verify',
      {
        preHandler: loginLimit,
        schema: {
          tags: ['auth'],
          summary:
            'Admin login, step 2: the emailed code, from the browser that did step 1 (its pending cookie)',
          body: adminVerifySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.adminLoginVerify(request.body, context(request));
        signedInAfterTwoSteps(reply, result);
        return sessionBody(result.session);
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End the session', response: { 200: OK } } },
      async (request, reply) => {
        await auth.logout(request.auth, context(request));
        clearSessionCookie(reply, cookie);
        reply.header('Cache-Control', 'no-store');
        return { ok: true as const };
      },
    );
  });
}
