import type { MovementResponse, Profile } from '@larkspur/contract';
import { MovementReceipt } from '@/components/ui/movement-receipt';
import { SavePayee } from './save-payee';
import { transferDetailRows } from './transfer-details';
import type { TransferRequestOut } from './transfer-validation';

/** Step 3 of Send money: what happened, with the transaction id to quote and a printable receipt. */
export function TransferReceipt({
  result,
  request,
  profile,
  onSendAnother,
}: {
  result: MovementResponse;
  request: TransferRequestOut;
  profile: Pick<Profile, 'currency' | 'accountNumber'>;
  onSendAnother: () => void;
}) {
  return (
    <div className="space-y-5">
      <MovementReceipt
        result={result}
        profile={profile}
        printTitle="Larkspur Bank — transfer receipt"
        headline="Money sent"
        subline={
          <>
            to <span className="font-semibold">{result.transaction.recipientName}</span>
          </>
        }
        rows={[
          ...transferDetailRows(
            request,
            null,
            result.transaction.payeeCheck,
            result.transaction.internationalDetails?.usdPerUnit ?? null,
            new Date(result.transaction.createdAt),
          ),
          { label: 'From', value: `Your account ${profile.accountNumber}` },
        ]}
        again={{ label: 'Send more money', onClick: onSendAnother }}
      />
      <SavePayee request={request} />
    </div>
  );
}
