import type { SessionResponse, WebauthnOptions } from '@larkspur/contract';
import { api } from '@/lib/api-client';
import { sessionResponseParser, signedIn } from '@/lib/session';
import { useAsyncAction } from '@/lib/use-async-action';
import { asRecord, isString, parser } from '@/lib/wire-read';

// The login page ships without zod (lib/session.ts): the options answer is read by hand.
const optionsParser = parser((value): { options: WebauthnOptions } | undefined => {
  const options = asRecord(asRecord(value)?.options);
  return options && isString(options.challenge)
    ? { options: { ...options, challenge: options.challenge } }
    : undefined;
});

/** The browser could not make an assertion (cancelled, timed out, no passkey for this bank here). */
export class PasskeyPromptError extends Error {}

/**
 * Passkey sign-in: POST /api/auth/passkey/options (sets this browser's challenge cookie), the
 * device's prompt, POST /api/auth/passkey/verify. The answer is a session, as a password login's.
 */
export async function signInWithPasskey(): Promise<SessionResponse> {
  const { options } = await api('/api/auth/passkey/options', {
    method: 'POST',
    body: {},
    schema: optionsParser,
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw new PasskeyPromptError(error instanceof Error ? error.message : 'passkey prompt failed');
  }
  const session = await api('/api/auth/passkey/verify', {
    method: 'POST',
    body: { response },
    schema: sessionResponseParser,
  });
  signedIn(session);
  return session;
}

export function usePasskeySignIn() {
  return useAsyncAction(signInWithPasskey);
}
