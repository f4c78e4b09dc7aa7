import type { MovementResponse, Profile } from '@larkspur/contract';
import { MovementReceipt } from '@/components/ui/movement-receipt';

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
  return (
    <MovementReceipt
      result={result}
      profile={profile}
      printTitle="Larkspur Bank — check deposit receipt"
      headline="Check deposited"
      subline={`is in your account ${profile.accountNumber}`}
      rows={[
        { label: 'Type', value: result.transaction.type },
        { label: 'Check number', value: checkNumber },
      ]}
      again={{ label: 'Deposit another check', onClick: onDepositAnother }}
    />
  );
}
