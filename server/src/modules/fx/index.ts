// The fx module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { convertAtPostedRate, createFxRateService, postSeedRates } from './fx-rates';
export { adminFxRateRoutes, fxRateRoutes } from './fx-routes';
