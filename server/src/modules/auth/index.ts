// The auth module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export {
  createAuthService,
  type AuthService,
  type RecheckResult,
  type RequestContext,
  type SignedIn,
} from './auth-service';
export {
  CONSECUTIVE_FAILURES_MEMORY_MS,
  FAILURE_WINDOW_MS,
  LOCK_MAX_MS,
  accountKey,
  createLoginThrottle,
  type LoginThrottle,
  type ThrottleKey,
} from './login-throttle';
export { createPendingSignIns } from './pending-sign-ins';
export { authRoutes } from './routes';
export {
  SESSION_REVOKED_CHANNEL,
  createSessionStore,
  type ResolvedSession,
  type SessionStore,
  type SessionUserRecord,
} from './session-store';
export { createTrustedDevices } from './trusted-devices';
