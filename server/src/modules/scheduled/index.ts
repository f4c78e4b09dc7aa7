// The scheduled module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { scheduledRoutes } from './scheduled-routes';
export { createScheduledService } from './scheduled-service';
export { createScheduler, type Scheduler } from './scheduler';
export { isForwardClock, testClockRoutes } from './test-clock-routes';
