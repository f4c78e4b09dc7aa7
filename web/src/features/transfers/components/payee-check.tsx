import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { PayeeNameCheck } from '@larkspur/contract';
import { CheckCircleIcon } from '@/components/ui/banking-icons';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

type Lookup = UseQueryResult<{ accountNumber: string; maskedName?: string; check?: PayeeNameCheck }, Error>;

/**
 * Confirmation of payee under the recipient fields (issue 18, decisions 0155 and 0199), as a UK bank
 * shows it: once the name is typed, whether it matches — a match says whose account it is ("you are
 * paying Jane D."), a close match offers the name on the account ("did you mean Marcus Reed?"), a no
 * match warns, names nobody, and asks the customer to accept the risk before the review. Before a
 * name is typed it only says the account is ours. A live region, so it is heard as well.
 * A missing Local/Wire recipient is a field error instead (the resolver).
 */
export function PayeeCheck({
  lookup,
  international,
  onUseName,
  confirm,
  confirmError,
  needsConfirm,
}: {
  lookup: Lookup | null;
  international: boolean;
  /** The customer takes the name on the account (close match). */
  onUseName: (name: string) => void;
  /** The "I understand the risk" checkbox's registration. */
  confirm: UseFormRegisterReturn<'confirmPayeeRisk'>;
  confirmError: string | undefined;
  /** True also when the server refused the last attempt for the name (the look-up could not tell). */
  needsConfirm: boolean;
}) {
  const confirmId = useId();
  let content: ReactNode = null;
  const check = lookup?.data?.check;
  if (lookup?.isFetching) {
    content = <span className="text-slate-600">Checking the account…</span>;
  } else if (lookup?.data && check?.result === 'close_match' && check.accountName) {
    const accountName = check.accountName;
    content = (
      <span className="block space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
        <span className="block font-medium">
          The name on this account is {accountName} — did you mean that?
        </span>
        <Button type="button" variant="secondary" onClick={() => onUseName(accountName)}>
          Use {accountName}
        </Button>
      </span>
    );
  } else if (lookup?.data && check?.result === 'no_match') {
    content = (
      <span className="block rounded-lg bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-300">
        The name you entered does not match the name on this account. Check the name with the person you are
        paying. If you pay it anyway, the money may go to someone else and you may not get it back.
      </span>
    );
  } else if (lookup?.data && check?.result === 'match') {
    content = (
      <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
        <CheckCircleIcon className="size-5 shrink-0" />
        {lookup.data.maskedName
          ? `Name matches: you are paying ${lookup.data.maskedName}`
          : 'Name matches the account'}
      </span>
    );
  } else if (lookup?.data) {
    // No name typed yet: the look-up names nobody (decision 0199), so the page cannot either.
    content = (
      <span className="text-slate-700">
        This is a Larkspur Bank account. Enter the name on it and we will check it.
      </span>
    );
  } else if (lookup?.error instanceof ApiError) {
    if (lookup.error.status === 404) {
      content = international ? (
        <span className="text-slate-700">
          This is not a Larkspur Bank account: the money goes to the bank you name below. We cannot check the
          name with another bank.
        </span>
      ) : null;
    } else {
      content = <span className="text-amber-800">{lookup.error.message} We could not check the name.</span>;
    }
  }
  const showConfirm = needsConfirm || check?.result === 'no_match' || check?.result === 'close_match';
  return (
    <div className="mt-1.5 space-y-2">
      <p role="status" className="min-h-5 text-sm">
        {content}
      </p>
      {showConfirm ? (
        <div>
          <div className="flex items-start gap-2">
            <input
              id={confirmId}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? `${confirmId}-error` : undefined}
              {...confirm}
            />
            <label htmlFor={confirmId} className="text-sm font-medium text-slate-900">
              I understand the name does not match and I still want to pay this account
            </label>
          </div>
          {confirmError ? (
            <p id={`${confirmId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {confirmError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
