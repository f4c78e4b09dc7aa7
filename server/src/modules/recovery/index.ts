// The recovery module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { emailCoolingUntil } from './email-change';
export { adminRecoveryRoutes, recoveryRoutes } from './recovery-routes';
export { createRecoveryService } from './recovery-service';
