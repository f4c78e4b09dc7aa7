import type { preHandlerAsyncHookHandler } from 'fastify';
import { capabilitiesOf, type StaffCapability, type StaffRole } from '@larkspur/contract';
import { AppError } from '../../lib/errors';

/**
 * The server-side check of a staff capability (issue 19), added to an admin route as a
 * preHandler after the admin area's role hook. On this branch admins carry no staff role yet, so
 * every active admin is an administrator and holds every capability; the staff slice replaces
 * this file with the stored permission sets. Maker ≠ checker is a separate rule (money requests).
 */
function staffRoleOf(user: { role: string; status: string }): StaffRole | null {
  return user.role === 'admin' && user.status === 'active' ? 'administrator' : null;
}

export function requireCapability(cap: StaffCapability): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = request.auth?.user;
    if (!user) throw new AppError('UNAUTHENTICATED');
    const role = staffRoleOf(user);
    if (role === null || !capabilitiesOf(role).includes(cap)) throw new AppError('FORBIDDEN');
  };
}
