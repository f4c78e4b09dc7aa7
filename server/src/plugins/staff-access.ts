import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { hasCapability, staffCapabilitySchema, type StaffCapability } from '@larkspur/contract';
import { AppError } from '../lib/errors';

/**
 * Staff permissions on the server (issue 19, decision 0167). Every admin route declares the one
 * capability it needs, beside its schema:
 *
 *     app.post('/loans/:id/approve', { preHandler: requireCapability('loans.approve'), schema }, …)
 *
 * The admin area (`registerStaffAccess`) reads that declaration when the route is registered, checks
 * it on every request before the body is even parsed, answers 403 for any admin route that declares
 * none (fail closed), and writes it into the OpenAPI document as `x-staff-capability`, from which the
 * access tests derive the whole permission matrix.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The capability an admin route needs (from its `requireCapability` pre-handler). */
    staffCapability?: StaffCapability;
  }
}

/** The OpenAPI extension that names each admin operation's capability. */
export const CAPABILITY_OPENAPI_KEY = 'x-staff-capability';

const DECLARED = Symbol('larkspur.staffCapability');
type TaggedHandler = preHandlerAsyncHookHandler & { [DECLARED]?: StaffCapability };

/** Throws 401/403 unless the request's session is an active staff member holding `cap`. */
export function assertCapability(request: FastifyRequest, cap: StaffCapability): void {
  const user = request.auth?.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.role !== 'admin' || user.status !== 'active') throw new AppError('FORBIDDEN');
  if (!hasCapability(user.staffRole, cap)) throw new AppError('FORBIDDEN');
}

/** Whether the signed-in staff member holds `cap` (for a check inside a handler). */
export function holdsCapability(request: FastifyRequest, cap: StaffCapability): boolean {
  const user = request.auth?.user;
  return user?.role === 'admin' && user.status === 'active' && hasCapability(user.staffRole, cap);
}

/** The guard (epic-stack naming): a pre-handler that refuses anyone without `cap`. */
export function requireCapability(cap: StaffCapability): preHandlerAsyncHookHandler {
  // Checked here too, so a typo in plain JavaScript or a cast cannot declare a capability that is no one's.
  staffCapabilitySchema.parse(cap);
  const guard: TaggedHandler = async function requireCapabilityHook(request) {
    assertCapability(request, cap);
  };
  guard[DECLARED] = cap;
  return guard;
}

/** The capability a route declared through `requireCapability`, or null if it declared none. */
export function declaredCapability(route: Pick<RouteOptions, 'preHandler'>): StaffCapability | null {
  const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
  const declared = handlers
    .map((handler) => (handler as TaggedHandler)[DECLARED])
    .filter((cap): cap is StaffCapability => cap !== undefined);
  if (declared.length > 1) throw new Error('An admin route declares more than one staff capability.');
  return declared[0] ?? null;
}

/**
 * Installs the capability check on an area (the admin area in app.ts). Call it before the area's
 * routes are registered, after the hook that checks the admin role.
 */
export function registerStaffAccess(area: FastifyInstance): void {
  area.addHook('onRoute', (route) => {
    const cap = declaredCapability(route);
    if (!cap) return;
    route.config = { ...route.config, staffCapability: cap };
    if (route.schema) (route.schema as Record<string, unknown>)[CAPABILITY_OPENAPI_KEY] = cap;
    else route.schema = { [CAPABILITY_OPENAPI_KEY]: cap } as RouteOptions['schema'];
  });
  // Before parsing and validation: a staff member without the capability learns nothing about the
  // route's inputs, and the answer does not depend on the body sent.
  area.addHook('onRequest', async (request) => {
    const cap = request.routeOptions.config.staffCapability;
    if (!cap) throw new AppError('FORBIDDEN');
    assertCapability(request, cap);
  });
}
