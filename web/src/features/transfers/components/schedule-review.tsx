import { useState } from 'react';
import type { Profile, ScheduleInput, ScheduledTransfer } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Money } from '@/components/ui/money';
import { DetailList, type ReceiptRow } from '@/components/ui/receipt';
import { ApiError } from '@/lib/api-client';
import { useCreateScheduledTransfer } from '../api/create-scheduled-transfer';
import { StepUpActions, StepUpStatus, useStepUp, useStepUpConfirm } from './step-up';
import { transferDetailRows } from './transfer-details';
import type { ServerFieldError } from './transfer-form';
import type { TransferRequestOut } from './transfer-validation';
import { bankToday, describeSchedule } from './when-rules';

const UNCERTAIN_MESSAGE =
  'We could not confirm that your payment was scheduled. Press Confirm again: we use the same reference, so it cannot be scheduled twice.';

/**
 * Step 2 of Send money for a payment on a date or a repeating one: what will be paid, to whom and
 * when, before anything is saved. The step-up rule applies here, once for the whole series
 * (decision 0137); its payments then run without one. Nothing moves today.
 */
export function ScheduleReview({
  request,
  schedule,
  profile,
  idempotencyKey,
  onEdit,
  onScheduled,
  onRefused,
}: {
  request: TransferRequestOut;
  schedule: ScheduleInput;
  profile: Profile;
  idempotencyKey: string;
  onEdit: () => void;
  onScheduled: (series: ScheduledTransfer) => void;
  onRefused: (error: ServerFieldError) => void;
}) {
  const create = useCreateScheduledTransfer();
  const stepUp = useStepUp(request, idempotencyKey);
  const [message, setMessage] = useState<string | null>(null);

  const submit = (stepUpToken: string | null, expire: (message: string) => void) =>
    create
      .mutateAsync({ request, schedule, idempotencyKey, stepUpToken })
      .then(onScheduled, (error: unknown) => {
        if (
          !(error instanceof ApiError) ||
          error.status === 0 ||
          error.status === 429 ||
          error.status >= 500
        ) {
          setMessage(error instanceof ApiError && error.status === 429 ? error.message : UNCERTAIN_MESSAGE);
        } else if (error.code === 'STEP_UP_REQUIRED') {
          expire(error.message);
        } else {
          onRefused({ field: error.field, message: error.message });
        }
      });
  const confirmation = useStepUpConfirm(
    stepUp,
    submit,
    'Your passkey did not confirm the payment. Try again.',
  );
  const { proving, error } = confirmation;
  const busy = create.isPending || proving;

  const rows: ReceiptRow[] = [
    { label: 'When', value: describeSchedule(schedule) },
    ...transferDetailRows(request, null),
    { label: 'From', value: `Your account ${profile.accountNumber}` },
  ];

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-brand-50 p-5 text-center ring-1 ring-brand-200">
        <p className="text-sm font-medium text-brand-900">
          {schedule.frequency === 'once' ? 'You are scheduling' : 'You are scheduling, each time'}
        </p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
          <Money amount={request.amount} currency={profile.currency} />
        </p>
        <p className="mt-1 text-base text-slate-800">
          to <span className="font-semibold">{request.recipientName}</span>
        </p>
      </div>
      <DetailList rows={rows} />
      {message ? <FormAlert>{message}</FormAlert> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <StepUpStatus state={stepUp.state} />
      <p className="text-sm text-slate-700">
        {schedule.startOn <= bankToday()
          ? 'The first payment is made today, within a minute of confirming.'
          : 'Nothing leaves your account today.'}{' '}
        Each payment is made on its day if your available balance covers it; if not, we email you and the next
        one goes ahead as planned. You can change or cancel it under Scheduled payments.
      </p>
      <StepUpActions
        stepUp={stepUp}
        confirmation={confirmation}
        busy={busy}
        onEdit={onEdit}
        confirmLabel="Confirm and schedule"
      />
    </div>
  );
}
