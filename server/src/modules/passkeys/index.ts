// The passkeys module's public surface (decision 0216): other modules and the app import from here,
// never from its files (eslint.config.js).
export { passkeyRoutes, requestContext } from './passkey-routes';
export {
  assertionOptionsFor,
  createPasskeyService,
  removeRecentPasskeysOnReset,
  trustedPasskeysAddedBefore,
  verifyAssertion,
  type RequireSecondFactor,
} from './passkey-service';
export { sha256, type WebauthnSettings } from './webauthn';
