import crypto from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AuthenticationResponse, RegistrationResponse } from '@larkspur/contract';
import type { Config } from '../../config';

/** How long a WebAuthn challenge (registration, sign-in, step-up) may be answered: 5 minutes. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to wait for the person (the challenge outlives it a little). */
export const WEBAUTHN_TIMEOUT_MS = 120_000;

export type WebauthnSettings = Config['webauthn'];

const LOOPBACK_ORIGIN = /^http:\/\/localhost:\d{1,5}$/;

/**
 * The origin the browser says the ceremony ran on (clientDataJSON), if it is one the bank
 * accepts: a configured origin, or (embedded or not in production) http://localhost on any port,
 * as the Host check allows. The library then checks the signature over that very origin.
 */
export function acceptedOrigin(settings: WebauthnSettings, clientDataJSON: string): string | null {
  let origin: unknown;
  try {
    origin = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown })
      .origin;
  } catch {
    return null;
  }
  if (typeof origin !== 'string') return null;
  if (settings.origins.includes(origin)) return origin;
  if (settings.loopbackAnyPort && settings.rpId === 'localhost' && LOOPBACK_ORIGIN.test(origin))
    return origin;
  return null;
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** The contract's bounded JSON, in the library's type (the shapes agree; extensions are opaque). */
export function asRegistrationJSON(response: RegistrationResponse): RegistrationResponseJSON {
  return response as unknown as RegistrationResponseJSON;
}
export function asAuthenticationJSON(response: AuthenticationResponse): AuthenticationResponseJSON {
  return response as unknown as AuthenticationResponseJSON;
}
