// The profile module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { meRoutes } from './me-routes';
