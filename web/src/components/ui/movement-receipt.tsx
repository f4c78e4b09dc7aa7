import type { ReactNode } from 'react';
import type { MovementResponse, Profile } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { CheckCircleIcon } from './banking-icons';
import { Button, ButtonLink } from './button';
import { CopyButton } from './copy-button';
import { Money } from './money';
import { DetailList, PrintButton, PrintableReceipt, type ReceiptRow } from './receipt';

/**
 * Step 3 of a money flow (send money, deposit a check): what happened, the transaction id to quote,
 * the flow's own details, the balance after, a printable receipt and where to go next.
 */
export function MovementReceipt({
  result,
  profile,
  printTitle,
  headline,
  subline,
  rows,
  again,
}: {
  result: MovementResponse;
  profile: Pick<Profile, 'currency' | 'accountNumber'>;
  /** The heading on paper only ("Larkspur Bank — transfer receipt"). */
  printTitle: string;
  /** Above the amount: "Money sent". */
  headline: string;
  /** Below the amount: to whom, or into which account. */
  subline: ReactNode;
  /** The flow's details, between the status and the balance after. */
  rows: readonly ReceiptRow[];
  /** The button that starts the flow again. */
  again: { label: string; onClick: () => void };
}) {
  const { transaction } = result;
  return (
    <div className="space-y-5">
      <PrintableReceipt title={printTitle} className="space-y-5">
        <div className="flex flex-col items-center rounded-2xl bg-emerald-50 p-5 text-center ring-1 ring-emerald-200">
          <CheckCircleIcon className="size-10 text-emerald-700" />
          <p className="mt-2 text-sm font-medium text-emerald-900">{headline}</p>
          <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
            <Money amount={transaction.amount} currency={transaction.currency} />
          </p>
          <p className="mt-1 text-base text-slate-800">{subline}</p>
        </div>
        <DetailList
          rows={[
            {
              label: 'Transaction ID',
              value: (
                <span className="inline-flex max-w-full flex-wrap items-center justify-end gap-2">
                  <span className="font-mono [overflow-wrap:anywhere]" data-testid="receipt-transaction-id">
                    {transaction.transactionId}
                  </span>
                  <CopyButton
                    value={transaction.transactionId}
                    what="transaction ID"
                    copiedMessage="Transaction ID copied"
                    className="print:hidden"
                  />
                </span>
              ),
            },
            { label: 'Date', value: formatDateTime(transaction.createdAt) },
            { label: 'Status', value: transaction.status },
            ...rows,
            {
              label: 'Balance after',
              value: <Money amount={result.balance} currency={profile.currency} />,
            },
            // Only when they differ: money from a deposited check is held until the check clears.
            ...(result.availableBalance !== result.balance
              ? [
                  {
                    label: 'Available to spend',
                    value: <Money amount={result.availableBalance} currency={profile.currency} />,
                  },
                ]
              : []),
          ]}
        />
      </PrintableReceipt>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
        <PrintButton />
        <Button variant="secondary" onClick={again.onClick}>
          {again.label}
        </Button>
        <ButtonLink variant="secondary" to={paths.userTransactions}>
          See your transactions
        </ButtonLink>
        <ButtonLink variant="ghost" to={paths.userDashboard}>
          Back to overview
        </ButtonLink>
      </div>
    </div>
  );
}
