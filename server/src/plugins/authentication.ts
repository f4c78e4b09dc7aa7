import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { capabilitiesOf, SESSION_IDLE_HEADER, type SessionResponse } from '@larkspur/contract';
import { AppError } from '../lib/errors';
import type { ResolvedSession, SessionStore, SessionUserRecord } from '../modules/auth/index';
import { isApiRequest } from '../lib/routed-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie, resolved once per API request; null for guests. */
    auth: ResolvedSession | null;
  }
}

export interface SessionCookie {
  name: string;
  secure: boolean;
  maxAgeSeconds: number;
}

/** `__Host-` pins the cookie to our exact origin, but browsers accept it only over https. */
export function sessionCookieFor(publicOrigin: string, absoluteTimeoutMs: number): SessionCookie {
  const secure = publicOrigin.startsWith('https://');
  return {
    name: secure ? '__Host-larkspur_session' : 'larkspur_session',
    secure,
    maxAgeSeconds: Math.floor(absoluteTimeoutMs / 1000),
  };
}

export function setSessionCookie(reply: FastifyReply, cookieSpec: SessionCookie, id: string): void {
  reply.setCookie(cookieSpec.name, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSpec.secure,
    path: '/',
    maxAge: cookieSpec.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, cookieSpec: SessionCookie): void {
  reply.clearCookie(cookieSpec.name, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSpec.secure,
    path: '/',
  });
}

/**
 * The two-step sign-ins' pending cookie (decision 0080) and the trusted-browser cookie (decision
 * 0081) are read only by the sign-in endpoints, so they go no further than /api/auth. A `__Host-`
 * name needs Path=/, so over https they carry `__Secure-` (Secure required) instead.
 */
export const AUTH_COOKIE_PATH = '/api/auth';
/** As long as the code the first step mailed (OTP_TTL_MS). */
export const PENDING_COOKIE_MAX_AGE_SECONDS = 5 * 60;
/** As long as a browser stays trusted (DEVICE_TRUST_MS). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

export const pendingCookieName = (spec: SessionCookie) =>
  spec.secure ? '__Secure-larkspur_pending' : 'larkspur_pending';
export const deviceCookieName = (spec: SessionCookie) =>
  spec.secure ? '__Secure-larkspur_device' : 'larkspur_device';

export function setPendingCookie(reply: FastifyReply, spec: SessionCookie, id: string): void {
  reply.setCookie(pendingCookieName(spec), id, {
    httpOnly: true,
    // Only our own pages start and finish a sign-in: no cross-site request ever needs it.
    sameSite: 'strict',
    secure: spec.secure,
    path: AUTH_COOKIE_PATH,
    maxAge: PENDING_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearPendingCookie(reply: FastifyReply, spec: SessionCookie): void {
  reply.clearCookie(pendingCookieName(spec), {
    httpOnly: true,
    sameSite: 'strict',
    secure: spec.secure,
    path: AUTH_COOKIE_PATH,
  });
}

export function setDeviceCookie(reply: FastifyReply, spec: SessionCookie, id: string): void {
  reply.setCookie(deviceCookieName(spec), id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: spec.secure,
    path: AUTH_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export async function registerAuthentication(
  app: FastifyInstance,
  deps: { sessions: SessionStore; cookie: SessionCookie },
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // The routed path, as the CSRF check judges it (decision 0195).
    if (!isApiRequest(request)) return;
    const raw = request.cookies[deps.cookie.name];
    request.auth = raw ? await deps.sessions.resolve(raw) : null;
  });
}

/** The session response body for a resolved session (or a guest). */
export function sessionBody(auth: ResolvedSession | null): SessionResponse {
  if (!auth?.user) return { user: null, idleExpiresAt: null };
  return { user: toSessionUser(auth.user), idleExpiresAt: auth.idleExpiresAt.toISOString() };
}

function toSessionUser(user: SessionUserRecord) {
  return {
    id: user.id,
    role: user.role,
    firstName: user.firstName,
    surname: user.surname,
    email: user.email,
    accountNumber: user.accountNumber,
    avatarUrl: user.avatarUrl,
    staffRole: user.role === 'admin' ? user.staffRole : null,
    capabilities: user.role === 'admin' ? [...capabilitiesOf(user.staffRole)] : [],
  };
}

/**
 * Guards, named `requireX` (epic-stack): they return what the handler needs or throw 401/403.
 * Each one also moves the idle deadline forward and tells the browser the new one.
 */
export function createGuards(sessions: SessionStore) {
  async function requireSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ResolvedSession & { user: SessionUserRecord }> {
    const auth = request.auth;
    if (!auth?.user) throw new AppError('UNAUTHENTICATED');
    const idleExpiresAt = await sessions.touch(auth);
    reply.header(SESSION_IDLE_HEADER, idleExpiresAt.toISOString());
    reply.header('Cache-Control', 'no-store');
    return auth as ResolvedSession & { user: SessionUserRecord };
  }

  return {
    requireSignedIn,
    async requireCustomer(request: FastifyRequest, reply: FastifyReply) {
      const auth = await requireSignedIn(request, reply);
      if (auth.user.role !== 'user') throw new AppError('FORBIDDEN');
      if (auth.user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
      if (auth.user.status === 'closed') throw new AppError('ACCOUNT_CLOSED');
      return auth;
    },
    async requireAdmin(request: FastifyRequest, reply: FastifyReply) {
      const auth = await requireSignedIn(request, reply);
      if (auth.user.role !== 'admin' || auth.user.status !== 'active') throw new AppError('FORBIDDEN');
      return auth;
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;
