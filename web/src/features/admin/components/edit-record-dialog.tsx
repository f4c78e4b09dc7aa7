import { useEffect, useRef, useState } from 'react';
import { formatCents, moneyToCents, type TransactionRecord } from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { formatMoney, Money } from '@/components/ui/money';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { messageFor } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ReasonField, useReason } from '@/components/ui/reason-field';
import { useEditTransaction } from '../api/edit-transaction';
import { useTransactionHistory } from '../api/get-transaction-history';
import { useUser } from '../api/get-user';
import { previewEdit } from './balance-preview';
import { ApprovalNote, useNeedsApproval } from './approval-note';
import { formatDateTime, fromLocalInputValue, localTimeZone, toLocalInputValue } from './format';
import { MoneySummary } from './money-summary';
import { ownerOf } from './record-columns';

type Step = 'edit' | 'review';

interface Review {
  amount: string;
  createdAt: string;
  reason: string;
  newAmountCents: bigint;
  balanceChangeCents: bigint;
  balanceAfterCents: bigint;
}

/**
 * Edit a record's amount and date/time (product §4). The owner's balance is read from their file and
 * the effect previewed as the amount is typed; a review step shows before and after; the server's
 * adjusting entry does the rest and the record's history keeps the change with the reason.
 */
export function EditRecordDialog({ record, onClose }: { record: TransactionRecord; onClose: () => void }) {
  const owner = useUser(record.userId);
  // The record's other leg, when it is one side of a transfer between two customers (issue 19).
  const counterpart = useTransactionHistory(record.id).data?.counterpart ?? null;
  const edit = useEditTransaction();
  const initialWhen = toLocalInputValue(record.createdAt);
  const [step, setStep] = useState<Step>('edit');
  const [amount, setAmount] = useState(record.amount);
  const [when, setWhen] = useState(initialWhen);
  const reason = useReason();
  const [errors, setErrors] = useState<{ amount?: string; when?: string }>({});
  const [review, setReview] = useState<Review | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reviewHeadingRef = useRef<HTMLParagraphElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const movedFocus = useRef(false);

  // Each step change puts focus at the start of the new step (the Dialog placed it on opening).
  useEffect(() => {
    if (!movedFocus.current) return;
    if (step === 'review') reviewHeadingRef.current?.focus();
    else amountRef.current?.focus();
  }, [step]);

  const profile = owner.data?.profile;
  const preview = profile ? previewEdit(record, profile.balance, amount) : null;
  const currency = profile?.currency ?? record.currency;

  const toReview = () => {
    if (!profile || !preview) return;
    const why = reason.check();
    // Untouched, the date/time goes back exactly as it was (the input has no milliseconds).
    const createdAt = when === initialWhen ? record.createdAt : fromLocalInputValue(when);
    const next = {
      amount: preview.status === 'ok' ? undefined : preview.message,
      when: createdAt === null ? 'Enter a date and time.' : undefined,
    };
    setErrors(next);
    if (preview.status !== 'ok' || createdAt === null || why === null) return;
    if (preview.newAmountCents === moneyToCents(record.amount) && createdAt === record.createdAt) {
      setErrors({ amount: 'Change the amount or the date and time first.' });
      return;
    }
    setServerError(null);
    setReview({
      amount: formatCents(preview.newAmountCents),
      createdAt,
      reason: why,
      newAmountCents: preview.newAmountCents,
      balanceChangeCents: preview.balanceChangeCents,
      balanceAfterCents: preview.balanceAfterCents,
    });
    movedFocus.current = true;
    setStep('review');
  };

  // What moves is the change in amount: at or above the threshold it waits for approval (decision 0170).
  const change = review ? review.newAmountCents - moneyToCents(record.amount) : null;
  const approval = useNeedsApproval(change === null ? null : change < 0n ? -change : change);

  const save = () => {
    if (!review) return;
    edit.mutate(
      { id: record.id, amount: review.amount, createdAt: review.createdAt, reason: review.reason },
      {
        onSuccess: (result) => {
          if ('request' in result)
            toast.info(
              `Sent for approval: the change to ${record.transactionId} waits for another staff member. Follow it under Requests.`,
            );
          else
            toast.success(
              `${record.transactionId} updated. ${ownerOf(record).name}'s balance is now ${formatMoney(result.balance, currency)}.`,
            );
          onClose();
        },
        // Shown in the dialog, its one place (decision 0115).
        onError: (error) => setServerError(messageFor(error)),
      },
    );
  };

  const dismiss = () => {
    if (!edit.isPending) onClose();
  };

  return (
    <Dialog
      title={`Edit record ${record.transactionId}`}
      size="lg"
      onDismiss={dismiss}
      description={
        <>
          {record.type} · {record.direction === 'credit' ? 'money in to' : 'money out of'} the account of{' '}
          <strong>{ownerOf(record).name}</strong>. The balance moves by the difference; the change and your
          reason are kept in the record&apos;s history.
        </>
      }
    >
      {counterpart ? (
        <div className="mb-4">
          <InfoNote>
            <p data-testid="transfer-leg-note">
              This record is one leg of a transfer. The other leg is{' '}
              <strong className="font-mono">{counterpart.transactionId}</strong> of{' '}
              <strong>{counterpart.name}</strong> (account{' '}
              <span className="font-mono">{counterpart.accountNumber}</span>). Both legs change together: the
              other leg gets the same amount and date, and {counterpart.name}&apos;s balance moves the other
              way. Both customers are emailed about a change of amount.
            </p>
          </InfoNote>
        </div>
      ) : null}
      {owner.isPending ? <SkeletonRows label="Loading the owner's balance…" rows={3} /> : null}
      {owner.isError ? (
        <ErrorState
          message={owner.error.message}
          onRetry={() => void owner.refetch()}
          retrying={owner.isRefetching}
        />
      ) : null}
      {profile && preview && step === 'edit' ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            toReview();
          }}
        >
          <TextField
            ref={amountRef}
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount}
            hint={
              <>
                Now <Money amount={record.amount} currency={record.currency} />. Zero is allowed.
              </>
            }
          />
          <TextField
            label="Date and time"
            type="datetime-local"
            step={1}
            value={when}
            onChange={(event) => {
              setWhen(event.target.value);
              setErrors((current) => ({ ...current, when: undefined }));
            }}
            error={errors.when}
            hint={`Your time zone (${localTimeZone()}). Now ${formatDateTime(record.createdAt, { seconds: true })}.`}
          />
          <ReasonField {...reason.field} />
          <div
            aria-live="polite"
            className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm"
          >
            {preview.status === 'invalid' ? (
              <p className="text-slate-700">Enter a valid amount to see the effect on the balance.</p>
            ) : (
              <p className={preview.status === 'negative' ? 'font-medium text-red-800' : 'text-slate-800'}>
                {ownerOf(record).name}&apos;s balance: <Money amount={profile.balance} currency={currency} />{' '}
                →{' '}
                <strong>
                  <Money amount={formatCents(preview.balanceAfterCents)} currency={currency} />
                </strong>
                {preview.status === 'negative' ? ` — ${preview.message}` : null}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={dismiss}>
              Cancel
            </Button>
            <Button type="submit">Review change</Button>
          </div>
        </form>
      ) : null}
      {profile && review && step === 'review' ? (
        <div className="space-y-4">
          <p ref={reviewHeadingRef} tabIndex={-1} className="font-semibold text-slate-900">
            Check the change before saving it.
          </p>
          <MoneySummary
            currency={currency}
            rows={[
              { label: 'Amount before', cents: moneyToCents(record.amount) },
              { label: 'Amount after', cents: review.newAmountCents, emphasis: true },
              { label: 'Date before', text: formatDateTime(record.createdAt, { seconds: true }) },
              { label: 'Date after', text: formatDateTime(review.createdAt, { seconds: true }) },
              { label: 'Balance now', cents: moneyToCents(profile.balance) },
              { label: 'Balance change', cents: review.balanceChangeCents, signed: true },
              { label: 'Balance after', cents: review.balanceAfterCents, emphasis: true },
              { label: 'Reason', text: review.reason },
            ]}
          />
          {approval ? <ApprovalNote /> : null}
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={edit.isPending}
              onClick={() => {
                movedFocus.current = true;
                setStep('edit');
              }}
            >
              Back
            </Button>
            <Button onClick={save} pending={edit.isPending}>
              {approval ? 'Request change' : 'Save change'}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
