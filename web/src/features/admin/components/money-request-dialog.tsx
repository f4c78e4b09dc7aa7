import { useState } from 'react';
import { moneyToCents, type MoneyRequest } from '@larkspur/contract';
import { formatMoney } from '@/components/ui/money';
import { ReasonDialog, useReason } from '@/components/ui/reason-field';
import { messageFor } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useApproveMoneyRequest } from '../api/approve-money-request';
import { useRejectMoneyRequest } from '../api/reject-money-request';
import { formatDateTime } from './format';
import { MoneySummary } from './money-summary';
import { requestKindLabels, requestSummary } from './money-request-labels';

export type RequestDecision = 'approve' | 'reject';

const money = (amount: string) => formatMoney(amount, 'USD');

/**
 * Approve or reject another staff member's money request (issue 19, decision 0170). Approving
 * moves the money now; if the movement is refused then (say the customer spent the money since),
 * the request is marked failed and the refusal is shown. Rejecting needs a reason and moves
 * nothing. The server's refusals (one's own request, one decided meanwhile) appear here.
 */
export function MoneyRequestDialog({
  request,
  decision,
  onClose,
}: {
  request: MoneyRequest;
  decision: RequestDecision;
  onClose: () => void;
}) {
  const approve = useApproveMoneyRequest();
  const reject = useRejectMoneyRequest();
  const mutation = decision === 'approve' ? approve : reject;
  const reason = useReason();
  const [serverError, setServerError] = useState<string | null>(null);
  const what = requestSummary(request, money);

  const onError = (failure: unknown) => setServerError(messageFor(failure));
  const confirm = () => {
    setServerError(null);
    if (decision === 'approve') {
      approve.mutate(request.id, {
        onSuccess: ({ request: decided }) => {
          // Decided, but the movement was refused: the request is now failed, its card says why.
          if (decided.state === 'failed')
            toast.error(`Approved, but the movement was refused: ${decided.failureMessage ?? ''}`);
          else
            toast.success(
              `Approved: ${what}.${decided.transactionId ? ` Record ${decided.transactionId}.` : ''}`,
            );
          onClose();
        },
        onError,
      });
      return;
    }
    const why = reason.check();
    if (why === null) return;
    reject.mutate(
      { requestId: request.id, request: { reason: why } },
      {
        onSuccess: () => {
          toast.success(`Rejected: ${what}. Nothing moved.`);
          onClose();
        },
        onError,
      },
    );
  };

  const rows = [
    { label: 'Request', text: requestKindLabels[request.kind] },
    { label: 'Customer', text: `${request.customerName} · ${request.accountNumber}` },
    { label: 'Amount', cents: moneyToCents(request.amount), emphasis: true },
    { label: 'Asked by', text: `${request.makerName}, ${formatDateTime(request.createdAt)}` },
    { label: 'Their reason', text: request.payload.reason ?? '—' },
  ];

  return (
    <ReasonDialog
      title={decision === 'approve' ? 'Approve this request' : 'Reject this request'}
      description={
        decision === 'approve'
          ? `${what}. Approving moves the money now, once.`
          : `${what}. Rejecting moves nothing; the person who asked sees your reason.`
      }
      confirmLabel={decision === 'approve' ? `Approve ${money(request.amount)}` : 'Reject request'}
      confirmVariant={decision === 'approve' ? 'primary' : 'danger'}
      cancelLabel="Not now"
      pending={mutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
      reason={decision === 'reject' ? reason : null}
      reasonHint="Kept in the audit log and shown to the person who asked."
      serverError={serverError}
    >
      <MoneySummary currency="USD" rows={rows} />
    </ReasonDialog>
  );
}
