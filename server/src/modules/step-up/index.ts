// The step-up module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { stepUpRoutes } from './step-up-routes';
export { createStepUpService, type StepUpService } from './step-up-service';
