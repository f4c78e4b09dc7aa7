import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  adminSettableLoanStatuses,
  errorMessage,
  isApprovable,
  LOAN_STATUS_UNDER_REVIEW,
  LOAN_REASON_LENGTH_MAX,
  LOAN_REASON_LENGTH_MIN,
  loanApplicationMessages,
  moneyToCents,
  type AdminLoan,
  type AdminLoanDetail,
  type LoanStatus,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/form-field';
import { formatMoney, Money } from '@/components/ui/money';
import { SkeletonRows } from '@/components/ui/skeleton';
import { messageFor } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { useApproveLoan } from '../api/approve-loan';
import { useCapability } from './use-capability';
import { useLoan } from '../api/get-loan';
import { useSetLoanStatus } from '../api/set-loan-status';
import { formatDateTime } from './format';
import { MoneySummary } from './money-summary';
import { LoanStatusBadge } from './status-badge';

type Mode = 'details' | 'approve' | 'status';

/** Why Approve is unavailable for this loan, in the server's own words; null when it is available. */
export function approveBlockedReason(
  loan: Pick<AdminLoan, 'userId' | 'status' | 'applicant'>,
): string | null {
  if (loan.userId === null) return errorMessage('ANONYMOUS_LOAN');
  if (loan.applicant === null) return errorMessage('LOAN_USER_GONE');
  // product §4: only a Pending loan can be approved; an Under Review one goes back to Pending first.
  if (loan.status === LOAN_STATUS_UNDER_REVIEW) {
    return `${errorMessage('LOAN_NOT_PENDING')} Set it back to Pending to approve it.`;
  }
  if (!isApprovable(loan.status)) return errorMessage('LOAN_NOT_PENDING');
  return null;
}

export function applicantName(loan: Pick<AdminLoan, 'applicant' | 'contact'>): string {
  return loan.applicant?.name ?? loan.contact?.name ?? 'Unknown applicant';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Details({ loan }: { loan: AdminLoanDetail }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="divide-y divide-slate-200">
        <Fact label="Status">
          <LoanStatusBadge status={loan.status} />
        </Fact>
        <Fact label="Source">
          {loan.source === 'inquiry' ? 'Visitor inquiry (no account)' : 'Customer application'}
        </Fact>
        <Fact label="Amount">
          <Money amount={loan.loanAmount} currency="USD" />
        </Fact>
        {loan.termMonths ? <Fact label="Term">{loan.termMonths} months</Fact> : null}
        {loan.estimate ? (
          <Fact label="Illustrative payment">
            <Money amount={loan.estimate.monthlyPayment} currency="USD" /> a month at {loan.estimate.apr}% APR
          </Fact>
        ) : null}
        {loan.purpose ? <Fact label="Purpose">{loan.purpose}</Fact> : null}
        {loan.annualIncome ? (
          <Fact label="Annual income">
            <Money amount={loan.annualIncome} currency="USD" />
          </Fact>
        ) : null}
        {loan.employmentStatus ? <Fact label="Employment">{loan.employmentStatus}</Fact> : null}
        {loan.applicant ? (
          <Fact label="Customer">
            {loan.applicant.name}
            {loan.applicant.accountNumber ? (
              <span className="block font-mono text-xs">{loan.applicant.accountNumber}</span>
            ) : null}
          </Fact>
        ) : null}
        {loan.contact ? (
          <Fact label="Contact">
            {loan.contact.name}
            <span className="block">{loan.contact.email}</span>
            <span className="block">{loan.contact.phone}</span>
          </Fact>
        ) : null}
        {loan.disbursementTransactionId ? (
          <Fact label="Payout record">
            <span className="font-mono">{loan.disbursementTransactionId}</span>
          </Fact>
        ) : null}
        <Fact label="Submitted">{formatDateTime(loan.createdAt)}</Fact>
      </dl>
      <section aria-label="Status history">
        <h3 className="font-semibold text-slate-900">Status history</h3>
        <ol className="mt-2 space-y-2">
          {[...loan.statusHistory].reverse().map((change) => (
            <li key={change.id} className="rounded-lg border border-slate-200 px-3 py-2">
              <p className="font-medium text-slate-900">
                {change.fromStatus ? `${change.fromStatus} → ` : 'Submitted as '}
                {change.toStatus}
              </p>
              <p className="text-slate-700">
                {formatDateTime(change.createdAt)}
                {change.actorName ? ` · ${change.actorName}` : ''}
              </p>
              {change.reason ? <p className="text-slate-800">Reason: {change.reason}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * One loan: its details and status history, Approve (which pays out, after a confirmation naming
 * the amount) and Set status (any other status, with a reason). For a visitor inquiry Approve is
 * disabled and the reason is shown, in the words the server would answer with.
 */
export function LoanDialog({ loanId, onClose }: { loanId: string; onClose: () => void }) {
  const loan = useLoan(loanId);
  const approve = useApproveLoan(loanId);
  const setStatus = useSetLoanStatus(loanId);
  const canDecide = useCapability('loans.approve');
  const [mode, setMode] = useState<Mode>('details');
  const [approveKey, setApproveKey] = useState<string | null>(null);
  const [status, setStatusValue] = useState<LoanStatus | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ status?: string; reason?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const movedFocus = useRef(false);
  const blockedId = `loan-${loanId}-approve-blocked`;

  useEffect(() => {
    if (movedFocus.current) stepRef.current?.focus();
  }, [mode]);

  const go = (next: Mode) => {
    setServerError(null);
    setErrors({});
    if (next === 'approve') setApproveKey(newIdempotencyKey());
    movedFocus.current = true;
    setMode(next);
  };

  const busy = approve.isPending || setStatus.isPending;
  const dismiss = () => {
    if (!busy) onClose();
  };
  // Shown in the dialog, its one place (decision 0115).
  const fail = (error: Error) => setServerError(messageFor(error));

  const data = loan.data;
  const name = data ? applicantName(data) : '';
  const blocked = data ? approveBlockedReason(data) : null;

  const confirmApprove = () => {
    if (!data || !approveKey) return;
    approve.mutate(approveKey, {
      onSuccess: (result) => {
        toast.success(
          `Loan approved. ${formatMoney(result.transaction.amount, result.transaction.currency)} credited to ${name} (${result.transaction.transactionId}).`,
        );
        onClose();
      },
      onError: fail,
    });
  };

  const confirmStatus = () => {
    const trimmed = reason.trim();
    const next = {
      status: status === '' ? 'Choose the new status.' : undefined,
      reason:
        trimmed.length < LOAN_REASON_LENGTH_MIN || trimmed.length > LOAN_REASON_LENGTH_MAX
          ? loanApplicationMessages.reason
          : undefined,
    };
    setErrors(next);
    if (status === '' || next.reason) return;
    setStatus.mutate(
      { status, reason: trimmed },
      {
        onSuccess: (updated) => {
          toast.success(`Loan of ${applicantName(updated)} is now ${updated.status}.`);
          setReason('');
          setStatusValue('');
          go('details');
        },
        onError: fail,
      },
    );
  };

  return (
    <Dialog
      title={data ? `${data.loanType} · ${name}` : 'Loan'}
      size="lg"
      onDismiss={dismiss}
      description={
        data
          ? `${formatMoney(data.loanAmount, 'USD')}, submitted ${formatDateTime(data.createdAt)}.`
          : 'Loading…'
      }
    >
      {loan.isPending ? <SkeletonRows label="Loading the loan…" rows={4} /> : null}
      {loan.isError ? (
        <ErrorState
          message={loan.error.message}
          onRetry={() => void loan.refetch()}
          retrying={loan.isRefetching}
        />
      ) : null}
      {data && mode === 'details' ? (
        <div className="space-y-4">
          <h3 ref={stepRef} tabIndex={-1} className="font-semibold text-slate-900">
            Details
          </h3>
          <Details loan={data} />
          {blocked ? (
            <p id={blockedId} className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {blocked}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={dismiss}>
              Close
            </Button>
            {/* Loan decisions belong to the approver and administrator sets (decision 0167). */}
            {canDecide && data.status !== 'Approved' ? (
              <Button variant="secondary" onClick={() => go('status')}>
                Set status
              </Button>
            ) : null}
            {canDecide ? (
              <Button
                disabled={blocked !== null}
                aria-describedby={blocked ? blockedId : undefined}
                onClick={() => go('approve')}
              >
                Approve
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {data && mode === 'approve' ? (
        <div className="space-y-4">
          <h3 ref={stepRef} tabIndex={-1} className="font-semibold text-slate-900">
            Approve and pay out this loan?
          </h3>
          <p className="text-sm text-slate-800">
            The amount is credited to {name}&apos;s account at once, as a LOAN record, and the loan becomes
            Approved. This cannot be undone.
          </p>
          <MoneySummary
            currency="USD"
            rows={[
              {
                label: 'Customer',
                text: `${name}${data.applicant?.accountNumber ? ` (${data.applicant.accountNumber})` : ''}`,
              },
              { label: 'Loan', text: data.loanType },
              { label: 'Amount to be credited', cents: moneyToCents(data.loanAmount), emphasis: true },
            ]}
          />
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => go('details')}>
              Back
            </Button>
            <Button onClick={confirmApprove} pending={approve.isPending}>
              Approve and credit {formatMoney(data.loanAmount, 'USD')}
            </Button>
          </div>
        </div>
      ) : null}
      {data && mode === 'status' ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirmStatus();
          }}
        >
          <h3 ref={stepRef} tabIndex={-1} className="font-semibold text-slate-900">
            Set the status
          </h3>
          <p className="text-sm text-slate-800">
            Now <LoanStatusBadge status={data.status} />. Approval pays out, so it has its own button.
          </p>
          <SelectField
            label="New status"
            value={status}
            onChange={(event) => setStatusValue(event.target.value as LoanStatus | '')}
            error={errors.status}
          >
            <option value="">Choose…</option>
            {adminSettableLoanStatuses
              .filter((option) => option !== data.status)
              .map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
          </SelectField>
          <TextField
            label="Reason"
            hint="Kept in the loan's status history and the audit log."
            maxLength={LOAN_REASON_LENGTH_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            error={errors.reason}
          />
          {serverError ? <FormAlert>{serverError}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => go('details')}>
              Back
            </Button>
            <Button
              type="submit"
              variant={status === 'Rejected' ? 'danger' : 'primary'}
              pending={setStatus.isPending}
            >
              {status ? `Set to ${status}` : 'Set status'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
