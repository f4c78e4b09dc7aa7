import { Link } from 'react-router';
import { CheckCircleIcon } from '@/components/ui/banking-icons';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePayees, useSavePayee } from '../api/payees';
import type { TransferRequestOut } from './transfer-validation';

/**
 * "Save as payee" under a finished transfer's receipt (issue 18): the recipient's details go into
 * the payee book, to be picked next time. Said plainly when they are there already.
 */
export function SavePayee({ request }: { request: TransferRequestOut }) {
  const payees = usePayees();
  const save = useSavePayee();
  const details = request.internationalDetails ?? null;
  const known = payees.data?.items.some(
    (p) =>
      p.type === request.type &&
      p.recipientAccount === request.recipientAccount &&
      (details === null || p.internationalDetails?.swiftBic === details.swiftBic),
  );
  const already = save.error instanceof ApiError && save.error.code === 'PAYEE_ALREADY_SAVED';
  const saved = save.isSuccess || already || known;
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between print:hidden">
      <p role="status" className="text-sm text-slate-800">
        {saved ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
            <CheckCircleIcon className="size-5 shrink-0" />
            {request.recipientName} is in your payees.
          </span>
        ) : save.error ? (
          <span className="font-medium text-red-700">{save.error.message}</span>
        ) : (
          <>Pay {request.recipientName} again in a few taps: save them as a payee.</>
        )}
      </p>
      {saved ? (
        <Link to={paths.userPayees} className="text-sm font-semibold text-brand-800 underline">
          Manage payees
        </Link>
      ) : (
        <Button
          variant="secondary"
          pending={save.isPending}
          onClick={() =>
            save.mutate({
              type: request.type,
              recipientAccount: request.recipientAccount,
              recipientName: request.recipientName,
              bankName: request.bankName,
              routingNumber: request.routingNumber ?? null,
              internationalDetails: details,
            })
          }
        >
          Save as payee
        </Button>
      )}
    </div>
  );
}
