import { useState } from 'react';
import { moneyToCents, REASON_LENGTH_MAX, reasonSchema, type AdminHold } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { formatMoney } from '@/components/ui/money';
import { messageFor } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReleaseHold } from '../api/release-hold';
import { useReturnHold } from '../api/return-hold';
import { CheckImages } from './check-images';
import { formatDateTime } from './format';
import { MoneySummary } from './money-summary';

export type HoldDecision = 'release' | 'return';

const copy = {
  release: {
    title: 'Release this hold early',
    description:
      'The money held becomes available to the customer now, before the schedule would release it.',
    confirm: 'Release hold',
    done: (hold: AdminHold) =>
      `Hold released: ${formatMoney(hold.amount, 'USD')} from check ${hold.checkNumber} is available to ${hold.customerName}.`,
  },
  return: {
    title: 'Return this check',
    description:
      'The check did not clear: the deposit is reversed with a Returned Check record and the customer is emailed. This cannot be undone.',
    confirm: 'Return check',
    done: (hold: AdminHold) =>
      `Check ${hold.checkNumber} returned: ${formatMoney(hold.amount, 'USD')} taken back from ${hold.customerName}.`,
  },
} as const;

/**
 * Release early or return one held check: what it is, a reason (kept in the audit log and on the
 * hold), then the decision. A hold someone else decided meanwhile is refused by the server in its
 * own words, shown here.
 */
export function HoldActionDialog({
  hold,
  decision,
  onClose,
}: {
  hold: AdminHold;
  decision: HoldDecision;
  onClose: () => void;
}) {
  const release = useReleaseHold();
  const giveBack = useReturnHold();
  const mutation = decision === 'release' ? release : giveBack;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const text = copy[decision];

  const confirm = () => {
    const checked = reasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setServerError(null);
    mutation.mutate(
      { holdId: hold.id, request: { reason: checked.data } },
      {
        onSuccess: ({ hold: decided }) => {
          toast.success(text.done(decided));
          onClose();
        },
        // Shown in the dialog, its one place (decision 0115).
        onError: (failure) => setServerError(messageFor(failure)),
      },
    );
  };

  return (
    <ConfirmDialog
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      confirmVariant={decision === 'return' ? 'danger' : 'primary'}
      cancelLabel="Keep the hold"
      pending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <div className="space-y-4">
        {/* Both sides, side by side, while deciding (issue 19's check review). */}
        <CheckImages hold={hold} size="large" />
        <MoneySummary
          currency="USD"
          rows={[
            { label: 'Customer', text: `${hold.customerName} · ${hold.accountNumber}` },
            { label: 'Check number', text: hold.checkNumber },
            { label: 'Deposited', text: formatDateTime(hold.createdAt) },
            { label: 'Check amount', cents: moneyToCents(hold.amount) },
            { label: 'Still held', cents: moneyToCents(hold.heldAmount), emphasis: true },
          ]}
        />
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <TextField
          label="Reason"
          hint="Kept in the audit log and on the hold."
          maxLength={REASON_LENGTH_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            }
          }}
          error={error}
        />
      </div>
    </ConfirmDialog>
  );
}
