import type { MovementResponse, Profile } from '@larkspur/contract';
import { CheckCircleIcon } from '@/components/ui/banking-icons';
import { Button, ButtonLink } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Money } from '@/components/ui/money';
import { DetailList, PrintButton, PrintableReceipt } from '@/components/ui/receipt';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';

/** Step 3 of Deposit check: the money is in, with the transaction id and a printable receipt. */
export function DepositReceipt({
  result,
  checkNumber,
  profile,
  onDepositAnother,
}: {
  result: MovementResponse;
  checkNumber: string;
  profile: Pick<Profile, 'currency' | 'accountNumber'>;
  onDepositAnother: () => void;
}) {
  const { transaction } = result;
  return (
    <div className="space-y-5">
      <PrintableReceipt title="Larkspur Bank — check deposit receipt" className="space-y-5">
        <div className="flex flex-col items-center rounded-2xl bg-emerald-50 p-5 text-center ring-1 ring-emerald-200">
          <CheckCircleIcon className="size-10 text-emerald-700" />
          <p className="mt-2 text-sm font-medium text-emerald-900">Check deposited</p>
          <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
            <Money amount={transaction.amount} currency={transaction.currency} />
          </p>
          <p className="mt-1 text-base text-slate-800">is in your account {profile.accountNumber}</p>
        </div>
        <DetailList
          rows={[
            {
              label: 'Transaction ID',
              value: (
                <span className="inline-flex flex-wrap items-center justify-end gap-2">
                  <span className="font-mono" data-testid="receipt-transaction-id">
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
            { label: 'Type', value: transaction.type },
            { label: 'Status', value: transaction.status },
            { label: 'Check number', value: checkNumber },
            { label: 'Balance after', value: <Money amount={result.balance} currency={profile.currency} /> },
          ]}
        />
      </PrintableReceipt>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
        <PrintButton />
        <Button variant="secondary" onClick={onDepositAnother}>
          Deposit another check
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
