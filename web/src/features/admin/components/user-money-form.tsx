import { useState } from 'react';
import { formatCents, moneyToCents, type MoneyRequest, type Profile } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { formatMoney } from '@/components/ui/money';
import { messageFor } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { ReasonField, useReason } from '@/components/ui/reason-field';
import { useCreditUser } from '../api/credit-user';
import { useDebitUser } from '../api/debit-user';
import { requestOf } from '../api/patch-user-balance';
import { ApprovalNote, RequestSentNote, useNeedsApproval } from './approval-note';
import { previewHelper } from './balance-preview';
import { DirectionChoice } from './direction-choice';
import { MoneySummary } from './money-summary';

type Helper = 'credit' | 'debit';

interface Pending {
  helper: Helper;
  amount: string;
  amountCents: bigint;
  balanceAfterCents: bigint;
  reason: string;
  /** Made when the confirmation opens; a retry of this confirmation sends it again. */
  idempotencyKey: string;
}

const helperText: Record<Helper, { label: string; verb: string; past: string }> = {
  credit: { label: 'Credit (deposit)', verb: 'Credit', past: 'Credited' },
  debit: { label: 'Debit (withdrawal)', verb: 'Debit', past: 'Debited' },
};

/**
 * The deposit and withdrawal helpers (product §6) for one customer: an amount and a reason, then a
 * confirmation that shows the balance after, worked out in integer cents. The server's answer —
 * its balance, or its message — is what the admin sees last.
 */
export function UserMoneyForm({ profile }: { profile: Profile }) {
  const name = `${profile.firstName} ${profile.surname}`;
  const [helper, setHelper] = useState<Helper>('credit');
  const [amount, setAmount] = useState('');
  const reason = useReason();
  const [errors, setErrors] = useState<{ amount?: string }>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const credit = useCreditUser();
  const debit = useDebitUser();
  const mutation = pending?.helper === 'debit' ? debit : credit;
  // At or above the maker-checker threshold the confirmation sends a request instead (decision 0170).
  const approval = useNeedsApproval(pending?.amountCents ?? null);
  const [sent, setSent] = useState<MoneyRequest | null>(null);

  const review = () => {
    const preview = previewHelper(helper, profile.balance, amount);
    const why = reason.check();
    setErrors({ amount: preview.status === 'ok' ? undefined : preview.message });
    if (preview.status !== 'ok' || why === null) return;
    setServerError(null);
    setPending({
      helper,
      amount: formatCents(preview.amountCents),
      amountCents: preview.amountCents,
      balanceAfterCents: preview.balanceAfterCents,
      reason: why,
      idempotencyKey: newIdempotencyKey(),
    });
  };

  const confirm = () => {
    if (!pending) return;
    const run = pending.helper === 'credit' ? credit : debit;
    run.mutate(
      {
        userId: profile.uid,
        amount: pending.amount,
        reason: pending.reason,
        idempotencyKey: pending.idempotencyKey,
      },
      {
        onSuccess: (result) => {
          const request = requestOf(result);
          if (request) {
            setSent(request);
            toast.info(
              `Sent for approval: ${pending.helper} of ${formatMoney(request.amount, profile.currency)} for ${name}.`,
            );
          } else if ('balance' in result) {
            setSent(null);
            toast.success(
              `${helperText[pending.helper].past} ${formatMoney(formatCents(pending.amountCents), profile.currency)} ${pending.helper === 'credit' ? 'to' : 'from'} ${name}. New balance ${formatMoney(result.balance, profile.currency)}.`,
            );
          }
          setPending(null);
          setAmount('');
          reason.clear();
        },
        // Shown in the dialog, its one place (decision 0115).
        onError: (error) => setServerError(messageFor(error)),
      },
    );
  };

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
        className="space-y-4"
      >
        <DirectionChoice
          name="helper"
          value={helper}
          onChange={(option) => {
            setHelper(option);
            setErrors({});
            reason.clearError();
          }}
          labelOf={(option) => helperText[option].label}
        />
        <TextField
          label="Amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
        />
        <ReasonField hint="Kept in the audit log and shown on the record." {...reason.field} />
        <Button
          type="submit"
          variant={helper === 'debit' ? 'danger' : 'primary'}
          className="w-full sm:w-auto"
        >
          Review {helper}
        </Button>
      </form>
      {sent ? (
        <div className="mt-4">
          <RequestSentNote request={sent} onDismiss={() => setSent(null)} />
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={approval ? `Request a ${pending.helper}` : `Confirm ${pending.helper}`}
          description={
            <>
              {helperText[pending.helper].verb} the account of <strong>{name}</strong> (
              {profile.accountNumber}).{' '}
              {approval
                ? 'Another staff member must approve it before it takes effect.'
                : 'It takes effect at once and appears on their statement.'}
            </>
          }
          confirmLabel={`${approval ? 'Request ' : ''}${approval ? pending.helper : helperText[pending.helper].verb} ${formatMoney(formatCents(pending.amountCents), profile.currency)}`}
          confirmVariant={pending.helper === 'debit' ? 'danger' : 'primary'}
          pending={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <MoneySummary
            currency={profile.currency}
            rows={[
              { label: 'Balance now', cents: moneyToCents(profile.balance) },
              {
                label: pending.helper === 'credit' ? 'Credit' : 'Debit',
                cents: pending.helper === 'credit' ? pending.amountCents : -pending.amountCents,
                signed: true,
              },
              {
                label: approval ? 'Balance after approval' : 'Balance after',
                cents: pending.balanceAfterCents,
                emphasis: true,
              },
              { label: 'Reason', text: pending.reason },
            ]}
          />
          {approval ? <ApprovalNote /> : null}
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
