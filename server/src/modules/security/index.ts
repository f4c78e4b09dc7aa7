// The security module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { securityRoutes } from './security-routes';
export { createSecurityService, type SecurityService } from './security-service';
