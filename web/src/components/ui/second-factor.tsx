import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OTP_CODE_LENGTH,
  otpCodeSchema,
  type AccountStepUpAction,
  type StepUpStartResponse,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { CodeSentNote, OneTimeCodeField, OTP_VALID_MINUTES } from '@/components/ui/one-time-code';
import {
  startAccountStepUp,
  verifyAccountStepUpCode,
  verifyAccountStepUpPasskey,
} from '@/lib/account-step-up';
import { ApiError, messageFor } from '@/lib/api-client';

type CheckState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; answer: Extract<StepUpStartResponse, { required: true }> };

/** Thrown by `prove` when the code field is empty or malformed: the field already says why. */
export class SecondFactorInputError extends Error {}

/**
 * The extra check before a change of what proves it is the customer (decision 0185), the same
 * wherever it is asked: starts once `enabled` (the server emails a code, or prepares a passkey
 * prompt), and `prove()` earns the proof — kept until `spent()`, so a retry after a wrong password
 * does not ask again.
 */
export function useSecondFactor(action: AccountStepUpAction, enabled = true) {
  const [state, setState] = useState<CheckState>({ status: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const proof = useRef<string | null>(null);
  const started = useRef(false);

  const start = useCallback(async () => {
    setState({ status: 'checking' });
    setCode('');
    setCodeError(null);
    try {
      const answer = await startAccountStepUp(action);
      if (!answer.required) throw new Error('the server always asks for this check');
      setState({ status: 'ready', answer });
    } catch (error) {
      setState({ status: 'failed', message: messageFor(error) });
    }
  }, [action]);

  useEffect(() => {
    // Once, also under StrictMode's double effects: a second start would email a second code.
    if (!enabled || started.current) return;
    started.current = true;
    void start();
  }, [enabled, start]);

  const prove = async (): Promise<string> => {
    if (proof.current) return proof.current;
    if (state.status !== 'ready') throw new SecondFactorInputError('The extra check is not ready yet.');
    const { answer } = state;
    if (answer.method === 'passkey') {
      proof.current = (await verifyAccountStepUpPasskey(answer.challengeId, answer.options)).token;
      return proof.current;
    }
    const parsed = otpCodeSchema.safeParse(code);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Enter the code';
      setCodeError(message);
      throw new SecondFactorInputError(message);
    }
    setCodeError(null);
    try {
      proof.current = (await verifyAccountStepUpCode(answer.challengeId, parsed.data)).token;
    } catch (error) {
      if (error instanceof ApiError && error.field === 'code') {
        setCodeError(error.message);
        throw new SecondFactorInputError(error.message);
      }
      throw error;
    }
    return proof.current;
  };

  /** The proof was used (or refused): the next change needs a new check. */
  const spent = () => {
    proof.current = null;
  };

  return { state, code, setCode, codeError, prove, spent, restart: start };
}

export type SecondFactorCheck = ReturnType<typeof useSecondFactor>;

/**
 * What the customer sees of the check: the passkey note, or where the code went and its field
 * (the same code field as sign-up and payments), with "Send a new code".
 */
export function SecondFactorFields({ check, pending }: { check: SecondFactorCheck; pending: boolean }) {
  const [resendNote, setResendNote] = useState<string | null>(null);
  const { state } = check;
  if (state.status === 'idle') return null;
  if (state.status === 'checking') {
    return (
      <div role="status" className="h-16 animate-pulse rounded-xl bg-slate-200">
        <span className="sr-only">Preparing the extra check…</span>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="space-y-3">
        <FormAlert>{state.message}</FormAlert>
        <Button variant="secondary" onClick={() => void check.restart()}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.answer.method === 'passkey') {
    return (
      <InfoNote>
        <p className="flex items-start gap-2">
          <KeyIcon className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong>Confirm with a passkey you already have.</strong> We ask for an extra check before
            changing how you log in. When you continue, your device asks for your fingerprint, face or PIN.
          </span>
        </p>
      </InfoNote>
    );
  }
  const resend = async () => {
    setResendNote(null);
    await check.restart();
    setResendNote('We sent a new code. It replaces the one before it.');
  };
  return (
    <div className="space-y-3">
      <CodeSentNote>
        <strong>Enter the code we emailed you.</strong> We ask for an extra check before changing how you log
        in. We sent a {OTP_CODE_LENGTH}-digit code to{' '}
        <strong className="break-words">{state.answer.sentTo}</strong>; it is valid for {OTP_VALID_MINUTES}{' '}
        minutes.
      </CodeSentNote>
      <OneTimeCodeField
        error={check.codeError ?? undefined}
        value={check.code}
        onChange={(event) => check.setCode(event.target.value)}
      />
      {resendNote ? (
        <p role="status" className="text-sm text-slate-700">
          {resendNote}
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => void resend()} disabled={pending}>
        Send a new code
      </Button>
    </div>
  );
}
