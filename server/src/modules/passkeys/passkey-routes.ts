import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeyRequestSchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
  passkeySignInVerifySchema,
  sessionResponseSchema,
  STEP_UP_TOKEN_HEADER,
  looseIdParamsSchema,
  errorResponses,
} from '@larkspur/contract';
import { AppError } from '../../lib/errors';
import {
  deviceCookieName,
  sessionBody,
  setDeviceCookie,
  setSessionCookie,
  type SessionCookie,
} from '../../plugins/authentication';
import { defineArea } from '../../plugins/area';
import type { RequestContext } from '../auth/index';
import { stepUpTokenOf } from '../../lib/step-up-token';
import type { PasskeyService } from './passkey-service';
import { WEBAUTHN_CHALLENGE_TTL_MS } from './webauthn';

/** Per-IP ceiling on passkey sign-in (as the password login's); the ceremony itself cannot be guessed. */
const PASSKEY_SIGN_IN_RATE_LIMIT_PER_MINUTE = 30;
/** Per-session ceiling on the passkey management endpoints. */
const PASSKEY_CHANGES_PER_MINUTE = 20;
const PASSKEY_COOKIE_PATH = '/api/auth/passkey';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/** The passkey sign-in's challenge cookie: binds the answer to the browser that asked (decision 0135). */
export const passkeyCookieName = (spec: SessionCookie) =>
  spec.secure ? '__Secure-larkspur_passkey' : 'larkspur_passkey';

export function requestContext(request: FastifyRequest, cookie: SessionCookie): RequestContext {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : null,
    previousSessionId: request.cookies[cookie.name] ?? null,
    deviceId: request.cookies[deviceCookieName(cookie)] ?? null,
  };
}

/** Passkeys: the customer's list, adding and removing (security page), and signing in with one. */
export function passkeyRoutes(deps: {
  passkeys: PasskeyService;
  cookie: SessionCookie;
}): FastifyPluginAsyncZod {
  const { passkeys, cookie } = deps;

  function clearChallengeCookie(reply: FastifyReply) {
    reply.clearCookie(passkeyCookieName(cookie), {
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
      path: PASSKEY_COOKIE_PATH,
    });
  }

  return defineArea('customer', async (app) => {
    const signInLimit = app.rateLimit({ max: PASSKEY_SIGN_IN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
    const changeLimit = app.rateLimit({
      max: PASSKEY_CHANGES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request) => request.auth?.userId ?? request.ip,
    });

    app.get(
      '/me/passkeys',
      {
        schema: {
          tags: ['passkeys'],
          summary: "The customer's passkeys (at most PASSKEYS_PER_CUSTOMER_MAX: one page)",
          response: { 200: passkeyListSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        return { items: await passkeys.list(session.userId) };
      },
    );

    app.post(
      '/me/passkeys/options',
      {
        preHandler: changeLimit,
        schema: {
          tags: ['passkeys'],
          summary:
            'Adding a passkey, step 1: the password again and a second-factor proof (Step-Up-Token header, POST /api/me/step-up); answers the options for startRegistration()',
          body: passkeyOptionsRequestSchema,
          response: { 200: passkeyOptionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        const options = await passkeys.registrationOptions(
          session,
          {
            password: request.body.password,
            stepUpToken: stepUpTokenOf(request.headers[STEP_UP_TOKEN_HEADER]),
          },
          requestContext(request, cookie),
        );
        return { options };
      },
    );

    app.post(
      '/me/passkeys',
      {
        preHandler: changeLimit,
        schema: {
          tags: ['passkeys'],
          summary: "Adding a passkey, step 2: the authenticator's answer and a name; emails the owner",
          body: addPasskeyRequestSchema,
          response: { 201: passkeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = request.session;
        const added = await passkeys.register(session, request.body, requestContext(request, cookie));
        return reply.status(201).send(added);
      },
    );

    app.delete(
      '/me/passkeys/:id',
      {
        preHandler: changeLimit,
        schema: {
          tags: ['passkeys'],
          summary:
            'Remove one of the customer’s passkeys, with a second-factor proof (Step-Up-Token header); emails the owner',
          params: looseIdParamsSchema,
          response: { 200: z.object({ ok: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const session = request.session;
        // Not a uuid: nobody's passkey, answered like any missing one.
        if (!z.uuid().safeParse(request.params.id).success) throw new AppError('PASSKEY_NOT_FOUND');
        await passkeys.remove(
          session,
          {
            passkeyId: request.params.id,
            stepUpToken: stepUpTokenOf(request.headers[STEP_UP_TOKEN_HEADER]),
          },
          requestContext(request, cookie),
        );
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/passkey/options',
      {
        // Signing in: a guest's request, in the customer's passkey area.
        config: { access: 'guest' },
        preHandler: signInLimit,
        schema: {
          tags: ['auth'],
          summary: 'Passkey sign-in, step 1: options for startAuthentication(); sets the challenge cookie',
          body: z.strictObject({}).optional(),
          response: { 200: passkeyOptionsResponseSchema, ...errors },
        },
      },
      async (_request, reply) => {
        const { options, binding } = await passkeys.signInOptions();
        reply.setCookie(passkeyCookieName(cookie), binding, {
          httpOnly: true,
          sameSite: 'strict',
          secure: cookie.secure,
          path: PASSKEY_COOKIE_PATH,
          maxAge: WEBAUTHN_CHALLENGE_TTL_MS / 1000,
        });
        reply.header('Cache-Control', 'no-store');
        return { options };
      },
    );

    app.post(
      '/auth/passkey/verify',
      {
        // Signing in: a guest's request, in the customer's passkey area.
        config: { access: 'guest' },
        preHandler: signInLimit,
        schema: {
          tags: ['auth'],
          summary:
            'Passkey sign-in, step 2: the assertion, from the browser that did step 1; signs the customer in as a password login does',
          body: passkeySignInVerifySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const binding = request.cookies[passkeyCookieName(cookie)] ?? null;
        // The challenge is single use: the cookie goes whatever the outcome.
        clearChallengeCookie(reply);
        const result = await passkeys.signIn(request.body.response, binding, requestContext(request, cookie));
        setSessionCookie(reply, cookie, result.sessionId);
        setDeviceCookie(reply, cookie, result.deviceId);
        reply.header('Cache-Control', 'no-store');
        return sessionBody(result.session);
      },
    );
  });
}
