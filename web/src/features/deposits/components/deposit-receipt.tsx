import type { MovementResponse, Profile } from '@larkspur/contract';
import { HoldDetail } from '@/components/ui/hold-badge';
import { availabilityText } from '@/components/ui/hold-text';
import { MovementReceipt } from '@/components/ui/movement-receipt';

/**
 * Step 3 of Deposit check: the money is in, with the transaction id and a printable receipt, and
 * when it can be spent (the check's hold, issue 13).
 */
export function DepositReceipt({
  result,
  micr,
  profile,
  onDepositAnother,
}: {
  result: MovementResponse;
  /** The check's MICR line as the customer typed it (decision 0192). */
  micr: { routingNumber: string; payerAccountNumber: string; checkNumber: string };
  profile: Pick<Profile, 'currency' | 'accountNumber'>;
  onDepositAnother: () => void;
}) {
  const { transaction } = result;
  const availability = availabilityText(transaction);
  return (
    <MovementReceipt
      result={result}
      profile={profile}
      printTitle="Larkspur Bank — check deposit receipt"
      headline="Check deposited"
      subline={
        <>
          is in your account {profile.accountNumber}
          {availability ? (
            <span className="mt-1 block font-semibold text-slate-900" data-testid="deposit-availability">
              {availability}
            </span>
          ) : null}
        </>
      }
      rows={[
        { label: 'Type', value: transaction.type },
        { label: 'Routing number', value: micr.routingNumber },
        { label: "Payer's account number", value: micr.payerAccountNumber },
        { label: 'Check number', value: micr.checkNumber },
        ...(transaction.hold ? [{ label: 'Hold', value: <HoldDetail record={transaction} /> }] : []),
      ]}
      again={{ label: 'Deposit another check', onClick: onDepositAnother }}
    />
  );
}
