import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OTP_CODE_LENGTH,
  PAYEE_NEW_WINDOW_HOURS,
  STEP_UP_AMOUNT_THRESHOLD_CENTS,
  type StepUpReason,
  type StepUpStartResponse,
  type TransferRequest,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { KeyIcon } from '@/components/ui/icons';
import {
  CodeSentNote,
  OneTimeCodeField,
  OTP_VALID_MINUTES,
  useCodeForm,
} from '@/components/ui/one-time-code';
import { Button } from '@/components/ui/button';
import { ApiError, messageFor } from '@/lib/api-client';
import { formatMoney } from '@/lib/format-money';
import { useSingleFlight } from '@/lib/idempotency';
import { startStepUp, verifyStepUpCode, verifyStepUpPasskey } from '../api/step-up';

export type StepUpState =
  /** `waitSeconds`: sitting out the code-resend interval before asking (issue 28). */
  | { status: 'checking'; waitSeconds?: number }
  | { status: 'failed'; message: string }
  | { status: 'ready'; answer: StepUpStartResponse };

/** The server says which rule fired (decision 0201); the screen words each one, and only that one. */
const REASON_TEXT: Record<StepUpReason, string> = {
  new_payee: 'you have not paid this recipient before',
  payee_added: `you saved this payee in the last ${PAYEE_NEW_WINDOW_HOURS} hours`,
  payee_changed: `this payee’s details were changed in the last ${PAYEE_NEW_WINDOW_HOURS} hours`,
  large_amount: `the amount is over ${formatMoney(STEP_UP_AMOUNT_THRESHOLD_CENTS)}`,
  account_change: 'you are changing how you log in',
};

/** Why the check is asked, in words: "you have not paid this recipient before and …". */
export function stepUpReasonText(reasons: readonly StepUpReason[]): string {
  return reasons.map((reason) => REASON_TEXT[reason]).join(' and ');
}

/**
 * Asks the server, once per review (its idempotency key), whether this transfer needs a second
 * factor; for a customer without a passkey that also emails the code, or reuses the one this
 * session was sent moments ago (a re-review after "Edit details": decision 0200). `restart` asks
 * again; `resend` asks for a new code ("Send a new code").
 */
/** The step-up answer that asks for an emailed code. */
type EmailStepUpGate = Extract<StepUpStartResponse, { method: 'email' }>;

/** The longest throttle wait the review sits out by itself before saying so (the resend interval). */
const STEP_UP_AUTO_WAIT_SECONDS_MAX = 30;
const STEP_UP_AUTO_RETRIES = 2;
const STEP_UP_AUTO_WAIT_MARGIN_MS = 250;

export function useStepUp(request: TransferRequest, idempotencyKey: string) {
  const [state, setState] = useState<StepUpState>({ status: 'checking' });
  const asked = useRef<string | null>(null);
  const run = useCallback(
    async (resend = false) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answer = await startStepUp(request, idempotencyKey, resend);
          setState({ status: 'ready', answer });
          return;
        } catch (error) {
          // A code went to this address a moment ago (adding a passkey, another review): the
          // one-code-per-interval throttle answers with its wait. That is not the customer's doing
          // (issue 28): the review keeps "checking" and asks again when the wait is over.
          const wait =
            error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : undefined;
          if (wait !== undefined && wait <= STEP_UP_AUTO_WAIT_SECONDS_MAX && attempt < STEP_UP_AUTO_RETRIES) {
            setState({ status: 'checking', waitSeconds: wait });
            await new Promise((resolve) => setTimeout(resolve, wait * 1_000 + STEP_UP_AUTO_WAIT_MARGIN_MS));
            continue;
          }
          setState({ status: 'failed', message: messageFor(error) });
          throw error;
        }
      }
    },
    [request, idempotencyKey],
  );
  useEffect(() => {
    // Once per review, also under StrictMode's double effects: a second ask would email a second code.
    if (asked.current === idempotencyKey) return;
    asked.current = idempotencyKey;
    run().catch(() => undefined);
  }, [idempotencyKey, run]);
  return { state, restart: () => run(), resend: () => run(true) };
}

/**
 * What the step-up has to say before its form: that asking failed, or that it sits out the
 * code-resend interval (issue 28), so the wait is explained, not blamed.
 */
export function StepUpStatus({ state }: { state: StepUpState }) {
  if (state.status === 'failed') return <FormAlert>{state.message}</FormAlert>;
  if (state.status !== 'checking' || state.waitSeconds === undefined) return null;
  return (
    <InfoNote>
      We emailed you a code a moment ago. The code for this payment follows in about {state.waitSeconds}{' '}
      {state.waitSeconds === 1 ? 'second' : 'seconds'}.
    </InfoNote>
  );
}

/**
 * The Confirm of a review that may need a step-up (decision 0137), written once for Send money and
 * Schedule: earns the proof (the passkey, or the emailed code) unless this review already has one
 * — so "Confirm again" after a lost answer does not ask twice — then `send`s with it, one at a
 * time. `send` hands a STEP_UP_REQUIRED answer to the `expire` it is given: the proof is dropped,
 * the message said, and the step-up asked again.
 */
export function useStepUpConfirm(
  stepUp: ReturnType<typeof useStepUp>,
  send: (token: string | null, expire: (message: string) => void) => Promise<void>,
  passkeyFailedMessage: string,
) {
  const once = useSingleFlight();
  const [proof, setProof] = useState<string | null>(null);
  const [proving, setProving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expire = (message: string) => {
    setProof(null);
    setError(message);
    stepUp.restart().catch(() => undefined);
  };

  const proveAndSend = async (answer: () => Promise<{ token: string }>) => {
    setError(null);
    let token = proof;
    if (!token) {
      setProving(true);
      try {
        token = (await answer()).token;
        setProof(token);
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : passkeyFailedMessage);
        throw failure;
      } finally {
        setProving(false);
      }
    }
    await send(token, expire);
  };

  const gate = stepUp.state.status === 'ready' ? stepUp.state.answer : null;
  const confirm = () =>
    once(async () => {
      if (gate?.required && gate.method === 'passkey') {
        await proveAndSend(() => verifyStepUpPasskey(gate.challengeId, gate.options));
      } else if (!gate?.required) {
        await send(null, expire);
      }
    });
  const confirmWithCode = (code: string) =>
    new Promise<void>((resolve, reject) => {
      once(async () => {
        if (!gate?.required || gate.method !== 'email') return resolve();
        await proveAndSend(() => verifyStepUpCode(gate.challengeId, code)).then(resolve, reject);
      });
    });
  return { gate, proof, proving, error, confirm, confirmWithCode };
}

/** The passkey variant: a note above the usual Confirm button, which then asks for the passkey. */
export function PasskeyStepUpNote({ reasons }: { reasons: readonly StepUpReason[] }) {
  return (
    <InfoNote>
      <p className="flex items-start gap-2">
        <KeyIcon className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong>Confirm with your passkey.</strong> We ask for an extra check because{' '}
          {stepUpReasonText(reasons)}. When you press Confirm, your device asks for your fingerprint, face or
          PIN.
        </span>
      </p>
    </InfoNote>
  );
}

/**
 * The emailed-code variant: the code field takes the place of the Confirm button, so the code and
 * the confirmation are one press. `onConfirm` rejects with the ApiError to show.
 */
export function EmailStepUpForm({
  gate,
  pending,
  disabled,
  onConfirm,
  onResend,
  onEdit,
  confirmLabel = 'Confirm and send',
  editLabel = 'Edit details',
}: {
  /** The emailed-code step-up the server asked for: where the code went, whether it was reused, why. */
  gate: Pick<EmailStepUpGate, 'sentTo' | 'codeReused' | 'reasons'>;
  pending: boolean;
  disabled: boolean;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onEdit: () => void;
  /** The buttons' words where the check guards something else than sending (a scheduled payment's change). */
  confirmLabel?: string;
  editLabel?: string;
}) {
  const { sentTo, codeReused = false, reasons } = gate;
  const form = useCodeForm();
  const { errors } = form.formState;
  const [resending, setResending] = useState(false);
  const [resendNote, setResendNote] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof ApiError && error.field === 'code')
        form.setError('code', { message: error.message });
    }
  });
  const resend = async () => {
    setResending(true);
    setResendNote(null);
    try {
      await onResend();
      form.reset({ code: '' });
      setResendNote('We sent a new code. It replaces the one before it.');
    } catch (error) {
      setResendNote(messageFor(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <CodeSentNote>
        <strong>Enter the code we emailed you.</strong> We ask for an extra check because{' '}
        {stepUpReasonText(reasons)}.{' '}
        {codeReused ? (
          <>
            Use the {OTP_CODE_LENGTH}-digit code we already sent to{' '}
            <strong className="break-words">{sentTo}</strong> a moment ago: it works for this payment too,
            until {OTP_VALID_MINUTES} minutes after we sent it.
          </>
        ) : (
          <>
            We sent a {OTP_CODE_LENGTH}-digit code to <strong className="break-words">{sentTo}</strong>; it is
            valid for {OTP_VALID_MINUTES} minutes.
          </>
        )}
      </CodeSentNote>
      <OneTimeCodeField error={errors.code?.message} {...form.register('code')} />
      {resendNote ? (
        <p role="status" className="text-sm text-slate-700">
          {resendNote}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onEdit} disabled={pending}>
          {editLabel}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => void resend()}
          pending={resending}
          disabled={pending}
        >
          Send a new code
        </Button>
        <Button type="submit" size="lg" pending={pending} disabled={disabled}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The end of a review that may need a step-up, the same for Send money and Schedule: the emailed
 * code's form (its Confirm sends), or the passkey note and Edit / Confirm — "Try again" when asking
 * for the step-up failed.
 */
export function StepUpActions({
  stepUp,
  confirmation,
  busy,
  disabled = false,
  onEdit,
  confirmLabel,
}: {
  stepUp: ReturnType<typeof useStepUp>;
  confirmation: ReturnType<typeof useStepUpConfirm>;
  busy: boolean;
  disabled?: boolean;
  onEdit: () => void;
  confirmLabel: string;
}) {
  const { gate, proof, confirm, confirmWithCode } = confirmation;
  if (gate?.required && gate.method === 'email' && !proof)
    return (
      <EmailStepUpForm
        gate={gate}
        pending={busy}
        disabled={disabled}
        onConfirm={confirmWithCode}
        onResend={stepUp.resend}
        onEdit={onEdit}
      />
    );
  return (
    <>
      {gate?.required && gate.method === 'passkey' && !proof ? (
        <PasskeyStepUpNote reasons={gate.reasons} />
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onEdit} disabled={busy}>
          Edit details
        </Button>
        {stepUp.state.status === 'failed' ? (
          <Button size="lg" onClick={() => void stepUp.restart().catch(() => undefined)}>
            Try again
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={confirm}
            pending={busy || stepUp.state.status === 'checking'}
            disabled={disabled}
          >
            {confirmLabel}
          </Button>
        )}
      </div>
    </>
  );
}
