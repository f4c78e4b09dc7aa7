// The holds module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { createHoldReleaseJob, releaseDueHolds, type HoldReleaseJob } from './hold-release-job';
export { adminHoldRoutes } from './hold-routes';
export { createHoldService } from './hold-service';
