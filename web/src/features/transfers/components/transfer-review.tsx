import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  currencyInfo,
  formatForeignMoney,
  formatRate,
  FX_RATE_SCALE,
  isExternalWire,
  type MovementResponse,
  type Profile,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { DetailList, type ReceiptRow } from '@/components/ui/receipt';
import { ApiError } from '@/lib/api-client';
import { meQueryKey } from '@/lib/me';
import { useFxRates } from '../api/get-fx-rates';
import { useRecipientLookup } from '../api/lookup-recipient';
import { useSendTransfer } from '../api/send-transfer';
import { StepUpActions, StepUpStatus, useStepUp, useStepUpConfirm } from './step-up';
import { transferDetailRows } from './transfer-details';
import type { ServerFieldError } from './transfer-form';
import { balanceAfter, type TransferRequestOut } from './transfer-validation';

export const UNCERTAIN_OUTCOME_MESSAGE =
  'We could not confirm that your transfer went through. Press Confirm again: we use the same reference, so it cannot be paid twice.';

/** Failures after which the same request may simply be sent again (the key makes that safe). */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * The review's word for a name check that could not run (issue 28 item 8): what happened and the
 * two ways on — check again, or pay without the check knowingly, as the form's risk tick does.
 */
function NameNotChecked({
  checking,
  onCheckAgain,
  accepted,
  onAccept,
}: {
  checking: boolean;
  onCheckAgain: () => void;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  const id = useId();
  return (
    <div
      role="alert"
      className="space-y-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300"
      data-testid="name-not-checked"
    >
      <p>
        <strong>Name not checked.</strong> We could not check that the name you entered is the name on this
        account just now. Check it again in a moment. If you are sure of the details, you can pay without the
        check; if the name is wrong, the money may go to someone else and you may not get it back.
      </p>
      <Button variant="secondary" onClick={onCheckAgain} pending={checking}>
        Check the name again
      </Button>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={accepted}
          onChange={(event) => onAccept(event.target.checked)}
        />
        <label htmlFor={id} className="font-medium text-slate-900">
          I want to pay this account without the name check
        </label>
      </div>
    </div>
  );
}

/**
 * Step 2 of Send money (WCAG 3.3.4): everything that will happen — the amount, to whom, from which
 * account, and the balance afterwards — before anything moves. Confirm sends the request with the
 * idempotency key made when this review opened; a retry sends the same key, so a double click or a
 * flaky network never pays twice.
 */
export function TransferReview({
  request,
  profile,
  idempotencyKey,
  onEdit,
  onSent,
  onRefused,
}: {
  request: TransferRequestOut;
  profile: Profile;
  idempotencyKey: string;
  onEdit: () => void;
  onSent: (result: MovementResponse) => void;
  onRefused: (error: ServerFieldError) => void;
}) {
  const send = useSendTransfer();
  const queryClient = useQueryClient();
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  // Step-up for risky payments (decision 0137): asked for when the review opens; the proof is
  // kept for this review, so "Confirm again" after a lost answer does not ask twice.
  const stepUp = useStepUp(request, idempotencyKey);
  // The same look-up (and name) as the form's last: answered from the cache, no second request.
  // Another bank's wire is never looked up among our customers (decision 0206).
  const toAnotherBank = isExternalWire(request);
  const lookupNumber =
    !toAnotherBank && /^\d{4,34}$/.test(request.recipientAccount) ? request.recipientAccount : null;
  const payee = useRecipientLookup(lookupNumber, request.recipientName);
  const notOurs = lookupNumber === null || (payee.error instanceof ApiError && payee.error.status === 404);
  // The look-up failed for another reason (too many look-ups, the network): the name was not
  // checked, and the server, which checks it again, refuses a name that does not match unless the
  // customer accepts paying without the check (issue 28 item 8). Said, never hidden.
  const notChecked = lookupNumber !== null && payee.isError && !notOurs;
  const [payUnchecked, setPayUnchecked] = useState(false);
  const blockedByCheck = notChecked && request.confirmPayeeRisk !== true && !payUnchecked;
  const payeeCheck =
    payee.data?.check?.result ??
    (notChecked
      ? 'not_checked'
      : notOurs && (request.type === 'International Transfer' || toAnotherBank)
        ? 'unavailable'
        : null);
  const after = balanceAfter(profile.balance, request.amount);
  // International (issue 18): the posted rate the form quoted (the same cached list), by the id
  // the request carries; the server refuses the transfer if a newer rate has been posted since.
  const rates = useFxRates(request.internationalDetails !== undefined);
  const rateId = request.fxQuote?.rateId ?? null;
  const quotedRate =
    request.internationalDetails === undefined
      ? null
      : rateId === null
        ? formatRate(FX_RATE_SCALE)
        : ([...(rates.data?.values() ?? [])].find((rate) => rate.id === rateId)?.usdPerUnit ?? null);
  const foreign = request.fxQuote?.foreignAmount;
  const foreignCurrency = request.internationalDetails
    ? currencyInfo(request.internationalDetails.currency)
    : null;
  const overdrawn = after !== null && after.startsWith('-');

  const submit = (stepUpToken: string | null, expire: (message: string) => void) =>
    send
      .mutateAsync({
        request: notChecked && payUnchecked ? { ...request, confirmPayeeRisk: true } : request,
        idempotencyKey,
        stepUpToken,
      })
      .then(onSent, (error: unknown) => {
        const message = error instanceof ApiError ? error.message : UNCERTAIN_OUTCOME_MESSAGE;
        if (isRetryable(error)) {
          setRetryMessage(
            error instanceof ApiError && error.status === 429 ? message : UNCERTAIN_OUTCOME_MESSAGE,
          );
        } else if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED') {
          // The proof ran out (5 minutes) or the review is stale: ask again.
          expire(message);
        } else {
          // The refusal may come from news this page has not heard (a balance that changed).
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          onRefused({ field: error instanceof ApiError ? error.field : undefined, message });
        }
      });
  const confirmation = useStepUpConfirm(
    stepUp,
    submit,
    'Your passkey did not confirm the payment. Try again, or edit the details.',
  );
  const { proving, error: stepUpError } = confirmation;
  const busy = send.isPending || proving;

  const rows: ReceiptRow[] = [
    ...transferDetailRows(request, payee.data?.maskedName ?? null, payeeCheck, quotedRate),
    { label: 'From', value: `Your account ${profile.accountNumber}` },
    { label: 'Balance now', value: <Money amount={profile.balance} currency={profile.currency} /> },
    {
      label: 'Balance after',
      value: after === null ? '—' : <Money amount={after} currency={profile.currency} />,
    },
  ];

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-brand-50 p-5 text-center ring-1 ring-brand-200">
        <p className="text-sm font-medium text-brand-900">You are sending</p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
          <Money amount={request.amount} currency={profile.currency} />
        </p>
        {foreign && foreignCurrency ? (
          <p className="mt-1 text-base text-slate-800">
            they receive{' '}
            <span className="font-semibold tabular-nums">
              {formatForeignMoney(foreign, foreignCurrency.code, foreignCurrency.digits)}
            </span>
          </p>
        ) : null}
        <p className="mt-1 text-base text-slate-800">
          to <span className="font-semibold">{request.recipientName}</span>
        </p>
      </div>
      <DetailList rows={rows} />
      {overdrawn ? (
        <FormAlert>
          Insufficient funds. Your balance has changed since you started: edit the amount.
        </FormAlert>
      ) : null}
      {notChecked && request.confirmPayeeRisk !== true ? (
        <NameNotChecked
          checking={payee.isFetching}
          onCheckAgain={() => void payee.refetch()}
          accepted={payUnchecked}
          onAccept={setPayUnchecked}
        />
      ) : null}
      {retryMessage ? <FormAlert>{retryMessage}</FormAlert> : null}
      <StepUpStatus state={stepUp.state} />
      {stepUpError ? <FormAlert>{stepUpError}</FormAlert> : null}
      <p className="text-sm text-slate-700">
        The money leaves your account as soon as you confirm, and a transfer cannot be called back.
      </p>
      <StepUpActions
        stepUp={stepUp}
        confirmation={confirmation}
        busy={busy}
        disabled={overdrawn || blockedByCheck}
        onEdit={onEdit}
        confirmLabel={retryMessage ? 'Confirm again' : 'Confirm and send'}
      />
    </div>
  );
}
