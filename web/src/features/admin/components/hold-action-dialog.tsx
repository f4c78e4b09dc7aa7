import { useState } from 'react';
import { moneyToCents, type AdminHold } from '@larkspur/contract';
import { formatMoney } from '@/components/ui/money';
import { ReasonDialog, useReason } from '@/components/ui/reason-field';
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
  const reason = useReason();
  const [serverError, setServerError] = useState<string | null>(null);
  const text = copy[decision];

  const confirm = () => {
    const why = reason.check();
    if (why === null) return;
    setServerError(null);
    mutation.mutate(
      { holdId: hold.id, request: { reason: why } },
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
    <ReasonDialog
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      confirmVariant={decision === 'return' ? 'danger' : 'primary'}
      cancelLabel="Keep the hold"
      pending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      reason={reason}
      reasonHint="Kept in the audit log and on the hold."
      serverError={serverError}
    >
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
    </ReasonDialog>
  );
}
