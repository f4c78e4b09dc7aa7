import {
  stepUpStartResponseSchema,
  stepUpVerifyResponseSchema,
  type AccountStepUpAction,
  type StepUpStartResponse,
  type WebauthnOptions,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';

/**
 * The second factor a customer already has, asked before a change of what proves it is them
 * (adding or removing a passkey, the password: decision 0185). The server answers with a passkey
 * prompt (a passkey old enough to count) or emails a code; the answer earns a proof that the
 * change carries once in its Step-Up-Token header.
 */
export function startAccountStepUp(action: AccountStepUpAction): Promise<StepUpStartResponse> {
  return api('/api/me/step-up', { method: 'POST', body: { action }, schema: stepUpStartResponseSchema });
}

export function verifyAccountStepUpCode(challengeId: string, code: string) {
  return api('/api/me/step-up/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: stepUpVerifyResponseSchema,
  });
}

/** Asks the browser for an assertion by one of the customer's passkeys, then hands it to the server. */
export async function verifyAccountStepUpPasskey(challengeId: string, options: WebauthnOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({ optionsJSON: options as never });
  return api('/api/me/step-up/verify', {
    method: 'POST',
    body: { challengeId, passkey },
    schema: stepUpVerifyResponseSchema,
  });
}
