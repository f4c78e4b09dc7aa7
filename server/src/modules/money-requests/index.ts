// The money-requests module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { adminLedgerRoutes } from './admin-ledger-routes';
export { moneyRequestRoutes } from './money-request-routes';
export { createMoneyRequestService } from './money-request-service';
