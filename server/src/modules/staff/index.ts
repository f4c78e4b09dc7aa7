// The staff module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { appointedRecently, appointmentsOf, isNewlyAppointed } from './appointments';
export { resolveAuditPeople, resolveCustomerFilter } from './people-lookup';
export { staffInvitationRoutes, staffRoutes } from './staff-routes';
export { createStaffService } from './staff-service';
