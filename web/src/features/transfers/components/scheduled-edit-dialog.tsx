import { useEffect, useRef, useState } from 'react';
import {
  addDays,
  formatCents,
  parseAmountToCents,
  parseIsoDate,
  PURPOSE_LENGTH_MAX,
  SCHEDULED_START_DAYS_AHEAD_MAX,
  type ScheduledTransfer,
  type TransferRequest,
  type UpdateScheduledTransferRequest,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { AmountField, TextField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, messageFor } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { useUpdateScheduledTransfer } from '../api/update-scheduled-transfer';
import { EmailStepUpForm, PasskeyStepUpNote, useStepUp, useStepUpConfirm, StepUpStatus } from './step-up';
import { bankToday, formatDay } from './when-rules';

type FieldError = { field: string | undefined; message: string };

/** A series' first day may move until its first payment is made (decision 0202). */
export function canMoveDate(series: ScheduledTransfer): boolean {
  return series.status === 'active' && series.nextOccurrence === 1;
}

/** The transfer a series makes, as the step-up rule reads it, with the new amount. */
function seriesTransfer(series: ScheduledTransfer, amount: string, purpose: string): TransferRequest {
  return {
    type: series.type as TransferRequest['type'],
    recipientAccount: series.recipientAccount,
    recipientName: series.recipientName,
    bankName: series.bankName,
    amount,
    purpose,
  };
}

/**
 * A new amount follows the step-up rule (decision 0137), checked by the server: the same check as
 * Send money's review — the passkey note or the emailed code, with the same hooks — inside the
 * dialog, and the change is saved with its proof. When no check is needed it saves at once.
 */
function ChangeStepUp({
  series,
  changes,
  onBack,
  onSaved,
}: {
  series: ScheduledTransfer;
  changes: UpdateScheduledTransferRequest & { amount: string };
  onBack: () => void;
  onSaved: () => void;
}) {
  const update = useUpdateScheduledTransfer();
  // One key per confirmation: the proof is bound to it, and a retry of the same change reuses it.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [request] = useState(() => seriesTransfer(series, changes.amount, changes.purpose ?? series.purpose));
  const stepUp = useStepUp(request, idempotencyKey);
  const [message, setMessage] = useState<string | null>(null);
  const submit = (stepUpToken: string | null, expire: (message: string) => void) =>
    update
      .mutateAsync({ id: series.id, changes, idempotencyKey, stepUpToken })
      .then(onSaved, (error: unknown) => {
        if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED') expire(error.message);
        else setMessage(messageFor(error));
      });
  const { gate, proof, proving, error, confirm, confirmWithCode } = useStepUpConfirm(
    stepUp,
    submit,
    'Your passkey did not confirm the change. Try again.',
  );
  const busy = update.isPending || proving;
  // Nothing to confirm: save as the customer asked, once.
  const saved = useRef(false);
  useEffect(() => {
    if (gate && !gate.required && !saved.current) {
      saved.current = true;
      confirm();
    }
  }, [gate, confirm]);

  const alerts = (
    <>
      {message ? <FormAlert>{message}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <StepUpStatus state={stepUp.state} />
    </>
  );
  if (gate?.required && gate.method === 'email' && !proof) {
    return (
      <div className="space-y-4">
        {alerts}
        <EmailStepUpForm
          gate={gate}
          pending={busy}
          disabled={false}
          onConfirm={confirmWithCode}
          onResend={stepUp.resend}
          onEdit={onBack}
          confirmLabel="Confirm change"
          editLabel="Back"
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {alerts}
      {gate?.required && gate.method === 'passkey' && !proof ? (
        <PasskeyStepUpNote reasons={gate.reasons} />
      ) : null}
      {stepUp.state.status === 'checking' || (gate && !gate.required && !message) ? (
        <p role="status" className="text-sm text-slate-700">
          Saving your change…
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        {stepUp.state.status === 'failed' ? (
          <Button onClick={() => void stepUp.restart().catch(() => undefined)}>Try again</Button>
        ) : (
          <Button onClick={confirm} pending={busy || stepUp.state.status === 'checking'}>
            Confirm change
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * "Change" on Scheduled payments: the amount and purpose of the payments still to come and, until
 * the first is made, its day (issue 28 item 10). A new amount may need the step-up (item 6).
 */
export function ScheduledEditDialog({ series, onClose }: { series: ScheduledTransfer; onClose: () => void }) {
  const update = useUpdateScheduledTransfer();
  const once = series.frequency === 'once';
  const movable = canMoveDate(series);
  const [amount, setAmount] = useState(series.amount);
  const [purpose, setPurpose] = useState(series.purpose);
  const [startOn, setStartOn] = useState(series.startOn);
  const [error, setError] = useState<FieldError | null>(null);
  const [confirming, setConfirming] = useState<(UpdateScheduledTransferRequest & { amount: string }) | null>(
    null,
  );
  const today = bankToday();

  const done = () => {
    toast.success(once ? 'Scheduled payment changed' : 'Scheduled payments changed');
    onClose();
  };
  const save = async () => {
    const cents = parseAmountToCents(amount.trim());
    if (cents === null || cents <= 0n) {
      setError({ field: 'amount', message: 'Invalid transfer amount.' });
      return;
    }
    if (
      movable &&
      (parseIsoDate(startOn) === null ||
        startOn < today ||
        startOn > addDays(today, SCHEDULED_START_DAYS_AHEAD_MAX))
    ) {
      setError({ field: 'startOn', message: 'Choose a day from today to a year ahead.' });
      return;
    }
    setError(null);
    const newAmount = formatCents(cents);
    const changes: UpdateScheduledTransferRequest = {
      ...(newAmount !== series.amount ? { amount: newAmount } : {}),
      ...(purpose !== series.purpose ? { purpose } : {}),
      ...(movable && startOn !== series.startOn ? { startOn } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    // A new amount: the server decides whether it needs the extra check, as a new payment would.
    if (changes.amount !== undefined) {
      setConfirming({ ...changes, amount: changes.amount });
      return;
    }
    try {
      await update.mutateAsync({ id: series.id, changes });
      done();
    } catch (failure) {
      setError({
        field: failure instanceof ApiError ? failure.field : undefined,
        message: messageFor(failure),
      });
    }
  };
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <Dialog
      title="Change scheduled payment"
      description={
        once
          ? `To ${series.recipientName}.`
          : `To ${series.recipientName}. The change applies from the next payment on.`
      }
      onDismiss={() => {
        if (!update.isPending) onClose();
      }}
    >
      {confirming ? (
        <ChangeStepUp
          series={series}
          changes={confirming}
          onBack={() => setConfirming(null)}
          onSaved={done}
        />
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {error && !['amount', 'purpose', 'startOn'].includes(error.field ?? '') ? (
            <FormAlert>{error.message}</FormAlert>
          ) : null}
          <AmountField
            label="Amount (US dollars)"
            maxLength={20}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={fieldError('amount')}
          />
          {movable ? (
            <TextField
              label={once ? 'Payment date' : 'First payment'}
              type="date"
              min={today}
              max={addDays(today, SCHEDULED_START_DAYS_AHEAD_MAX)}
              value={startOn}
              onChange={(event) => setStartOn(event.target.value)}
              error={fieldError('startOn')}
              hint={
                once
                  ? 'Paid early that day (UTC).'
                  : 'Paid early that day (UTC); the later payments move with it.'
              }
            />
          ) : series.nextRunOn ? (
            <p className="text-sm text-slate-700">
              Next payment: {formatDay(series.nextRunOn)}. Payments of this series have been made, so its days
              stay; to pay on other days, cancel it and schedule a new one.
            </p>
          ) : null}
          <TextField
            label="Purpose (optional)"
            maxLength={PURPOSE_LENGTH_MAX}
            value={purpose}
            onChange={(event) => setPurpose(event.target.value)}
            error={fieldError('purpose')}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              Keep as it is
            </Button>
            <Button type="submit" pending={update.isPending}>
              Save changes
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
