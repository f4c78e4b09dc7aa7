import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CheckCircleIcon } from '@/components/ui/banking-icons';
import { ApiError } from '@/lib/api-client';

type Lookup = UseQueryResult<{ accountNumber: string; maskedName: string }, Error>;

/**
 * Confirmation of payee under the account number: whose account it is ("You are paying Jane D."),
 * or, for an international transfer, that it is not one of ours. A live region, so the answer is
 * heard as well as seen. A missing Local/Wire recipient is a field error instead (the resolver).
 */
export function PayeeCheck({ lookup, international }: { lookup: Lookup | null; international: boolean }) {
  let content: ReactNode = null;
  if (lookup?.isFetching) {
    content = <span className="text-slate-600">Checking the account…</span>;
  } else if (lookup?.data) {
    content = (
      <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
        <CheckCircleIcon className="size-5 shrink-0" />
        You are paying {lookup.data.maskedName}
      </span>
    );
  } else if (lookup?.error instanceof ApiError) {
    if (lookup.error.status === 404) {
      content = international ? (
        <span className="text-slate-700">
          This is not a Larkspur Bank account: the money goes to the bank you name below.
        </span>
      ) : null;
    } else {
      content = <span className="text-amber-800">{lookup.error.message} We could not check the name.</span>;
    }
  }
  return (
    <p role="status" className="mt-1.5 min-h-5 text-sm">
      {content}
    </p>
  );
}
