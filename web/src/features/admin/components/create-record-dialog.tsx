import { useEffect, useRef, useState } from 'react';
import {
  ACCOUNT_FIELD_LENGTH_MAX,
  adminCreateRecordSchema,
  formatCents,
  moneyToCents,
  NAME_FIELD_LENGTH_MAX,
  normalizeTypedAmount,
  PURPOSE_LENGTH_MAX,
  REASON_LENGTH_MAX,
  type Direction,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { formatMoney, Money } from '@/components/ui/money';
import { messageFor } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { useCreateTransaction, type NewRecord } from '../api/create-transaction';
import { useUserByAccountNumber } from '../api/get-users';
import { previewHelper } from './balance-preview';
import { ApprovalNote, useNeedsApproval } from './approval-note';
import { requestSummary } from './money-request-labels';
import { formatDateTime, fromLocalInputValue, localTimeZone } from './format';
import { DirectionChoice } from './direction-choice';
import { MoneySummary } from './money-summary';

type Field =
  | 'account'
  | 'amount'
  | 'counterpartyName'
  | 'counterpartyAccount'
  | 'bankName'
  | 'purpose'
  | 'when'
  | 'reason';

interface Review {
  record: NewRecord;
  amountCents: bigint;
  balanceCents: bigint;
  balanceAfterCents: bigint;
  customerName: string;
  idempotencyKey: string;
}

const schemaFieldToForm: Partial<Record<string, Field>> = {
  counterpartyName: 'counterpartyName',
  counterpartyAccount: 'counterpartyAccount',
  bankName: 'bankName',
  purpose: 'purpose',
  createdAt: 'when',
  reason: 'reason',
};

/**
 * Create a record for a customer (POST /api/admin/transactions): credit or debit, counterparty,
 * optional date, a reason. The customer is found by account number; the review step shows their
 * balance after, and confirming sends one idempotency key made for that confirmation.
 */
export function CreateRecordDialog({
  initialAccount,
  onClose,
}: {
  initialAccount: string;
  onClose: () => void;
}) {
  const [step, setStep] = useState<'form' | 'review'>('form');
  const [values, setValues] = useState<Record<Field, string>>({
    account: initialAccount,
    amount: '',
    counterpartyName: '',
    counterpartyAccount: '',
    bankName: '',
    purpose: '',
    when: '',
    reason: '',
  });
  const [direction, setDirection] = useState<Direction>('credit');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [review, setReview] = useState<Review | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const customer = useUserByAccountNumber(values.account.trim());
  const create = useCreateTransaction();
  const reviewRef = useRef<HTMLParagraphElement>(null);
  const movedFocus = useRef(false);

  useEffect(() => {
    if (movedFocus.current && step === 'review') reviewRef.current?.focus();
  }, [step]);

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: errors[name],
  });

  const owner = customer.data ?? null;
  const accountNote = !values.account.trim()
    ? undefined
    : customer.isFetching
      ? 'Looking up the customer…'
      : owner
        ? undefined
        : customer.isSuccess
          ? 'No customer has this account number.'
          : undefined;

  const toReview = () => {
    const next: Partial<Record<Field, string>> = {};
    if (!owner) next.account = 'Enter the account number of an existing customer.';
    const preview = owner ? previewHelper(direction, owner.balance, values.amount) : null;
    if (preview && preview.status !== 'ok') next.amount = preview.message;
    const createdAt = values.when ? fromLocalInputValue(values.when) : undefined;
    if (createdAt === null) next.when = 'Enter a date and time, or leave it empty for now.';
    const record = {
      userId: owner?.id ?? '',
      direction,
      amount: normalizeTypedAmount(values.amount),
      counterpartyName: values.counterpartyName,
      counterpartyAccount: values.counterpartyAccount,
      bankName: values.bankName,
      purpose: values.purpose,
      ...(createdAt ? { createdAt } : {}),
      reason: values.reason,
    };
    const parsed = adminCreateRecordSchema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const target = schemaFieldToForm[String(issue.path[0])];
        if (target && !next[target]) next[target] = issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !owner || !preview || preview.status !== 'ok' || !parsed.success)
      return;
    setServerError(null);
    setReview({
      record: parsed.data,
      amountCents: preview.amountCents,
      balanceCents: moneyToCents(owner.balance),
      balanceAfterCents: preview.balanceAfterCents,
      customerName: owner.name,
      idempotencyKey: newIdempotencyKey(),
    });
    movedFocus.current = true;
    setStep('review');
  };

  // At or above the maker-checker threshold the record waits for another staff member (decision 0170).
  const approval = useNeedsApproval(review?.amountCents ?? null);

  const confirm = () => {
    if (!review) return;
    create.mutate(
      { record: review.record, idempotencyKey: review.idempotencyKey },
      {
        onSuccess: (result) => {
          if ('request' in result)
            toast.info(
              `Sent for approval: ${requestSummary(result.request, (amount) => formatMoney(amount, currency))}. Follow it under Requests.`,
            );
          else
            toast.success(
              `Record ${result.transaction.transactionId} created. ${review.customerName}'s balance is now ${formatMoney(result.balance, result.transaction.currency)}.`,
            );
          onClose();
        },
        // Shown in the dialog, its one place (decision 0115).
        onError: (error) => setServerError(messageFor(error)),
      },
    );
  };

  const dismiss = () => {
    if (!create.isPending) onClose();
  };
  const currency = owner?.currency ?? 'USD';

  return (
    <Dialog
      title="New record"
      size="lg"
      onDismiss={dismiss}
      description="A credit or debit on a customer's account, with the counterparty shown on their statement. It moves their balance at once."
    >
      {step === 'form' ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            toReview();
          }}
        >
          <div>
            <TextField
              label="Customer account number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              {...field('account')}
              error={errors.account ?? accountNote}
            />
            {owner ? (
              <p className="mt-1.5 text-sm text-slate-800" aria-live="polite">
                {owner.name} · balance <Money amount={owner.balance} currency={owner.currency} />
              </p>
            ) : null}
          </div>
          <DirectionChoice
            name="direction"
            value={direction}
            onChange={setDirection}
            labelOf={(option) => (option === 'credit' ? 'Credit (money in)' : 'Debit (money out)')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Amount (USD)" inputMode="decimal" autoComplete="off" {...field('amount')} />
            <TextField
              label={direction === 'credit' ? 'From (counterparty name)' : 'To (counterparty name)'}
              maxLength={NAME_FIELD_LENGTH_MAX}
              {...field('counterpartyName')}
            />
            <TextField
              label="Counterparty account (optional)"
              maxLength={ACCOUNT_FIELD_LENGTH_MAX}
              {...field('counterpartyAccount')}
            />
            <TextField
              label="Bank name (optional)"
              maxLength={NAME_FIELD_LENGTH_MAX}
              {...field('bankName')}
            />
            <TextField
              label="Purpose (optional)"
              className="sm:col-span-2"
              maxLength={PURPOSE_LENGTH_MAX}
              {...field('purpose')}
            />
            <TextField
              label="Date and time (optional)"
              type="datetime-local"
              step={1}
              hint={`Empty for now. Your time zone (${localTimeZone()}).`}
              {...field('when')}
            />
            <TextField label="Reason" maxLength={REASON_LENGTH_MAX} {...field('reason')} />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={dismiss}>
              Cancel
            </Button>
            <Button type="submit">Review record</Button>
          </div>
        </form>
      ) : null}
      {step === 'review' && review ? (
        <div className="space-y-4">
          <p ref={reviewRef} tabIndex={-1} className="font-semibold text-slate-900">
            Check the record before creating it.
          </p>
          <MoneySummary
            currency={currency}
            rows={[
              { label: 'Customer', text: `${review.customerName} (${values.account.trim()})` },
              {
                label: review.record.direction === 'credit' ? 'Credit' : 'Debit',
                cents: review.record.direction === 'credit' ? review.amountCents : -review.amountCents,
                signed: true,
              },
              { label: 'Counterparty', text: review.record.counterpartyName },
              {
                label: 'Date',
                text: review.record.createdAt
                  ? formatDateTime(review.record.createdAt, { seconds: true })
                  : 'Now',
              },
              { label: 'Balance now', cents: review.balanceCents },
              {
                label: approval ? 'Balance after approval' : 'Balance after',
                cents: review.balanceAfterCents,
                emphasis: true,
              },
              { label: 'Reason', text: review.record.reason },
            ]}
          />
          {approval ? <ApprovalNote /> : null}
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={create.isPending} onClick={() => setStep('form')}>
              Back
            </Button>
            <Button onClick={confirm} pending={create.isPending}>
              {approval ? 'Request record of' : 'Create record of'}{' '}
              {formatMoney(formatCents(review.amountCents), currency)}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
