import { useState } from 'react';
import { isAwaitingDecision, type CustomerLoan, type LoanStatus } from '@larkspur/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney, Money } from '@/components/ui/money';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useCancelLoan } from '../api/cancel-loan';

export const loanStatusTones: Record<LoanStatus, BadgeTone> = {
  Pending: 'info',
  'Under Review': 'warning',
  Approved: 'success',
  Rejected: 'danger',
  Cancelled: 'neutral',
};

function historyLine(change: CustomerLoan['statusHistory'][number]): string {
  const who = change.by === 'applicant' ? 'by you' : 'by Larkspur Bank';
  return change.fromStatus === null ? `Applied (${change.toStatus})` : `${change.toStatus} ${who}`;
}

/** One application: what was asked, where it stands, how it got there; Cancel while it awaits a decision. */
export function LoanCard({ loan, currency }: { loan: CustomerLoan; currency: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelLoan();
  const headingId = `loan-${loan.id}`;
  const cancellable = isAwaitingDecision(loan.status);

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 id={headingId} className="font-semibold text-slate-900">
              {loan.loanType} · <Money amount={loan.loanAmount} currency={currency} />
            </h3>
            <p className="text-sm text-slate-600">Applied {formatDate(loan.createdAt)}</p>
          </div>
          <StatusBadge tone={loanStatusTones[loan.status]}>{loan.status}</StatusBadge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Term</dt>
            <dd className="font-medium text-slate-900">{loan.termMonths} months</dd>
          </div>
          {loan.estimate ? (
            <div>
              <dt className="text-slate-600">Illustrative payment</dt>
              <dd className="font-medium text-slate-900">
                <Money amount={loan.estimate.monthlyPayment} currency={currency} />
                /mo at {loan.estimate.apr}% APR
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-600">Last update</dt>
            <dd className="font-medium text-slate-900">{formatDate(loan.updatedAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Annual income</dt>
            <dd className="font-medium text-slate-900">
              <Money amount={loan.annualIncome} currency={currency} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Employment</dt>
            <dd className="font-medium text-slate-900">{loan.employmentStatus}</dd>
          </div>
          {loan.disbursementTransactionId ? (
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="text-slate-600">Paid out as</dt>
              <dd className="font-mono text-xs font-medium [overflow-wrap:anywhere] text-slate-900">
                {loan.disbursementTransactionId}
              </dd>
            </div>
          ) : null}
          <div className="col-span-2 sm:col-span-3">
            <dt className="text-slate-600">Purpose</dt>
            <dd className="break-words text-slate-900">{loan.purpose}</dd>
          </div>
        </dl>

        <details className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-semibold text-slate-800">
            Status history ({loan.statusHistory.length})
          </summary>
          <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4">
            {loan.statusHistory.map((change, index) => (
              <li key={`${change.createdAt}-${index}`}>
                <p className="font-medium text-slate-900">{historyLine(change)}</p>
                <p className="text-slate-600">{formatDateTime(change.createdAt)}</p>
              </li>
            ))}
          </ol>
        </details>

        {cancellable ? (
          <div className="mt-4">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel application
            </Button>
          </div>
        ) : null}
      </article>
      {confirming ? (
        <ConfirmDialog
          title="Cancel this application?"
          description={`Your ${loan.loanType.toLowerCase()} application for ${formatMoney(loan.loanAmount, currency)} will be withdrawn. You can apply again at any time.`}
          confirmLabel="Cancel application"
          confirmVariant="danger"
          cancelLabel="Keep application"
          pending={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(loan.id, {
              onSuccess: () => {
                toast.success('Application cancelled.');
                setConfirming(false);
              },
            })
          }
        />
      ) : null}
    </li>
  );
}
