import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestActor } from '../lib/actor';
import { AppError } from '../lib/errors';
import type { ResolvedSession, SessionUserRecord } from '../modules/auth/index';
import type { Guards } from './authentication';
import { registerStaffAccess } from './staff-access';

/**
 * One way to declare an area of the API (issue 29, decision 0216):
 *
 *     export function payeeRoutes(deps) {
 *       return defineArea('customer', async (app) => {
 *         app.get('/me/payees', { schema }, async (request) => payees.list(request.actor.userId, …));
 *       });
 *     }
 *
 * The area's guard is registered once, as an onRequest hook, so a caller who may not use the area
 * is refused before the body is parsed and learns nothing about its shape. A route may declare
 * other access for itself in `config.access` (a guest route in a signed-in area, or the reverse).
 * Handlers read `request.actor` (who acts, for services and audit rows) and `request.session`
 * (the signed-in session): both throw 401 where no one is signed in, so neither needs a check.
 * The admin area also installs the staff capability check (plugins/staff-access.ts).
 */
export type Access =
  /** Anyone: the public site, sign-in, getting back in. */
  | 'guest'
  /** Any signed-in person, customer or staff. */
  | 'signed-in'
  /** An active customer (suspended and closed accounts are told so). */
  | 'customer'
  /**
   * A guest is refused before the input is read, a signed-in person who is not an active customer
   * only after it is validated (the routes that kept that order when areas were introduced).
   */
  | 'customer-after-input'
  /** Active staff; each route then declares its capability (decision 0167). */
  | 'admin';

/** A session with its person: what `request.session` answers inside an area. */
export type SignedInSession = ResolvedSession & { user: SessionUserRecord };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's access, where it differs from its area's. */
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in person acting; 401 if there is none. */
    readonly actor: RequestActor;
    /** The signed-in session; 401 if there is none. */
    readonly session: SignedInSession;
  }
  interface FastifyInstance {
    /** The guards (plugins/authentication.ts), for the areas. */
    guards: Guards;
  }
}

function signedIn(request: FastifyRequest): SignedInSession {
  const auth = request.auth;
  if (!auth?.user) throw new AppError('UNAUTHENTICATED');
  return auth as SignedInSession;
}

/** Installs `request.actor`, `request.session` and the guards the areas use. Once, on the root. */
export function registerAreas(app: FastifyInstance, guards: Guards): void {
  app.decorate('guards', guards);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): RequestActor {
      return { userId: signedIn(this).userId, ip: this.ip };
    },
  });
  app.decorateRequest('session', {
    getter(this: FastifyRequest): SignedInSession {
      return signedIn(this);
    },
  });
}

async function guard(guards: Guards, access: Access, request: FastifyRequest, reply: FastifyReply) {
  if (access === 'guest') return;
  if (access === 'customer') await guards.requireCustomer(request, reply);
  else if (access === 'admin') await guards.requireAdmin(request, reply);
  else await guards.requireSignedIn(request, reply);
}

/** An area of routes, all behind one guard (see above). */
export function defineArea(access: Access, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app, options) => {
    const accessOf = (request: FastifyRequest) => request.routeOptions.config.access ?? access;
    app.addHook('onRequest', async (request, reply) => {
      await guard(app.guards, accessOf(request), request, reply);
    });
    app.addHook('preHandler', async (request, reply) => {
      if (accessOf(request) === 'customer-after-input') await app.guards.requireCustomer(request, reply);
    });
    if (access === 'admin') registerStaffAccess(app);
    await routes(app, options);
  };
}
