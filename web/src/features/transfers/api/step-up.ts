import {
  stepUpStartResponseSchema,
  stepUpVerifyResponseSchema,
  type StepUpStartResponse,
  type TransferRequest,
  type WebauthnOptions,
} from '@larkspur/contract';
import { api } from '@/lib/api-client';

/**
 * The review step's second factor for risky payments (decision 0137). The server decides whether
 * this exact transfer needs one; the answer (a passkey assertion or the emailed code) earns a
 * proof that POST /api/transfers accepts once, for this transfer and this review's key.
 */
export function startStepUp(
  request: TransferRequest,
  idempotencyKey: string,
  /** "Send a new code": otherwise the server reuses this session's unused code (decision 0200). */
  resend = false,
): Promise<StepUpStartResponse> {
  return api('/api/transfers/step-up', {
    method: 'POST',
    body: { transfer: request, idempotencyKey, ...(resend ? { resend } : {}) },
    schema: stepUpStartResponseSchema,
  });
}

export function verifyStepUpCode(challengeId: string, code: string) {
  return api('/api/transfers/step-up/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: stepUpVerifyResponseSchema,
  });
}

/** Asks the browser for an assertion by one of the customer's passkeys, then hands it to the server. */
export async function verifyStepUpPasskey(challengeId: string, options: WebauthnOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const passkey = await startAuthentication({ optionsJSON: options as never });
  return api('/api/transfers/step-up/verify', {
    method: 'POST',
    body: { challengeId, passkey },
    schema: stepUpVerifyResponseSchema,
  });
}
