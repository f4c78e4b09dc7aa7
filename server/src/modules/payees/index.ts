// The payees module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { payeeRoutes } from './payee-routes';
export { createPayeeService } from './payee-service';
