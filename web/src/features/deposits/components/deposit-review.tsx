import { useState } from 'react';
import {
  formatCents,
  moneyToCents,
  normalizeTypedAmount,
  parseAmountToCents,
  parseTypedAmountToCents,
  type MovementResponse,
  type Profile,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { DetailList } from '@/components/ui/receipt';
import { ApiError } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/idempotency';
import { useDepositCheck, type CheckDepositRequest } from '../api/deposit-check';
import type { CheckPhoto } from './check-image';
import type { CompleteDepositDraft, ServerFieldError } from './deposit-form';
import { fieldOfDepositError } from './deposit-validation';

export const UNCERTAIN_DEPOSIT_MESSAGE =
  'We could not confirm that your deposit went through. Press Confirm again: we use the same reference, so it cannot be credited twice.';

/** The balance after depositing, in integer cents from the wire strings; null if the amount does not parse. */
export function balanceAfterDeposit(balance: string, amount: string): string | null {
  const cents = parseTypedAmountToCents(amount);
  return cents === null ? null : formatCents(moneyToCents(balance) + cents);
}

export function toDepositRequest(draft: CompleteDepositDraft): CheckDepositRequest {
  const image = (photo: CheckPhoto) => ({ contentType: photo.contentType, dataBase64: photo.dataBase64 });
  return {
    amount: normalizeTypedAmount(draft.values.amount),
    checkNumber: draft.values.checkNumber.trim(),
    routingNumber: draft.values.routingNumber.trim(),
    payerAccountNumber: draft.values.payerAccountNumber.trim(),
    frontImage: image(draft.front),
    backImage: image(draft.back),
  };
}

function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/** Step 2 of Deposit check: what will be credited, where, and the balance afterwards. */
export function DepositReview({
  draft,
  profile,
  idempotencyKey,
  onEdit,
  onDeposited,
  onRefused,
}: {
  draft: CompleteDepositDraft;
  profile: Profile;
  idempotencyKey: string;
  onEdit: () => void;
  onDeposited: (result: MovementResponse) => void;
  onRefused: (error: ServerFieldError) => void;
}) {
  const deposit = useDepositCheck();
  const once = useSingleFlight();
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const request = toDepositRequest(draft);
  const after = balanceAfterDeposit(profile.balance, request.amount);
  const amountCents = parseAmountToCents(request.amount);

  const confirm = () =>
    once(() =>
      deposit.mutateAsync({ request, idempotencyKey }).then(onDeposited, (error: unknown) => {
        const message = error instanceof ApiError ? error.message : UNCERTAIN_DEPOSIT_MESSAGE;
        if (isRetryable(error)) setRetryMessage(UNCERTAIN_DEPOSIT_MESSAGE);
        else
          onRefused({ field: error instanceof ApiError ? fieldOfDepositError(error) : undefined, message });
      }),
    );

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-brand-50 p-5 text-center ring-1 ring-brand-200">
        <p className="text-sm font-medium text-brand-900">You are depositing</p>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900">
          <Money amount={amountCents === null ? '' : formatCents(amountCents)} currency={profile.currency} />
        </p>
        <p className="mt-1 text-base text-slate-800">into your account {profile.accountNumber}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(['front', 'back'] as const).map((side) => (
          <figure key={side} className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
            <img
              src={draft[side].dataUrl}
              alt={`${side === 'front' ? 'Front' : 'Back'} of the check`}
              className="aspect-[2.2] w-full object-contain"
            />
            <figcaption className="px-2 py-1 text-center text-xs text-slate-700">
              {side === 'front' ? 'Front' : 'Back'}
            </figcaption>
          </figure>
        ))}
      </div>
      <DetailList
        rows={[
          { label: 'Routing number', value: request.routingNumber },
          { label: "Payer's account number", value: request.payerAccountNumber },
          { label: 'Check number', value: request.checkNumber },
          { label: 'Deposit to', value: `Your account ${profile.accountNumber}` },
          { label: 'Balance now', value: <Money amount={profile.balance} currency={profile.currency} /> },
          {
            label: 'Balance after',
            value: after === null ? '—' : <Money amount={after} currency={profile.currency} />,
          },
        ]}
      />
      {retryMessage ? <FormAlert>{retryMessage}</FormAlert> : null}
      <p className="text-sm text-slate-700">
        The money is added to your balance at once and held until the check clears: the receipt says when you
        can spend it. Keep the paper check for 14 days after the money shows in your account, then destroy it.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onEdit} disabled={deposit.isPending}>
          Edit details
        </Button>
        <Button size="lg" onClick={confirm} pending={deposit.isPending}>
          {retryMessage ? 'Confirm again' : 'Confirm deposit'}
        </Button>
      </div>
    </div>
  );
}
