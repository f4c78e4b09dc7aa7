import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CHECK_NUMBER_LENGTH_MAX, type Profile } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Money } from '@/components/ui/money';
import type { CheckPhoto } from './check-image';
import { CheckPhotoField } from './check-photo-field';
import { depositResolver, type DepositFormValues } from './deposit-validation';

export interface DepositDraft {
  values: DepositFormValues;
  front: CheckPhoto | null;
  back: CheckPhoto | null;
}

export interface ServerFieldError {
  field: string | undefined;
  message: string;
}

export const PHOTO_REQUIRED = {
  front: 'Add a photo of the front of the check.',
  back: 'Add a photo of the back of the check.',
} as const;

/** Step 1 of Deposit check: amount, check number, both photos. */
export function DepositForm({
  profile,
  draft,
  serverError,
  onReview,
}: {
  profile: Profile;
  draft: DepositDraft;
  serverError: ServerFieldError | null;
  onReview: (draft: DepositDraft) => void;
}) {
  const form = useForm<DepositFormValues>({
    defaultValues: draft.values,
    mode: 'onTouched',
    resolver: depositResolver,
  });
  const { errors } = form.formState;
  const [front, setFront] = useState(draft.front);
  const [back, setBack] = useState(draft.back);
  // The form mounts afresh when the review sends the person back, so the server's refusal is read
  // once, here: beside the photo it names, beside a typed field (below), or above the form.
  const [photoErrors, setPhotoErrors] = useState<{ front?: string; back?: string }>(() =>
    serverError?.field === 'frontImage'
      ? { front: serverError.message }
      : serverError?.field === 'backImage'
        ? { back: serverError.message }
        : {},
  );
  const [formError] = useState<string | null>(() =>
    serverError && !serverError.field ? serverError.message : null,
  );

  const { setError } = form;
  useEffect(() => {
    if (serverError?.field === 'amount' || serverError?.field === 'checkNumber') {
      setError(serverError.field, { type: 'server', message: serverError.message }, { shouldFocus: true });
    }
  }, [serverError, setError]);

  const submit = form.handleSubmit(
    (values) => {
      const missing = {
        front: front ? undefined : PHOTO_REQUIRED.front,
        back: back ? undefined : PHOTO_REQUIRED.back,
      };
      if (missing.front || missing.back || photoErrors.front || photoErrors.back) {
        setPhotoErrors((current) => ({
          front: current.front ?? missing.front,
          back: current.back ?? missing.back,
        }));
        return;
      }
      onReview({ values, front, back });
    },
    () => {
      setPhotoErrors((current) => ({
        front: current.front ?? (front ? undefined : PHOTO_REQUIRED.front),
        back: current.back ?? (back ? undefined : PHOTO_REQUIRED.back),
      }));
    },
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          label="Amount of the check"
          hint={
            <>
              Your balance now: <Money amount={profile.balance} currency={profile.currency} />
            </>
          }
          placeholder="0.00"
          maxLength={20}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextField
          label="Check number"
          hint="The number printed at the top right of the check."
          inputMode="numeric"
          autoComplete="off"
          maxLength={CHECK_NUMBER_LENGTH_MAX}
          error={errors.checkNumber?.message}
          {...form.register('checkNumber')}
        />
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <CheckPhotoField
          side="front"
          photo={front}
          error={photoErrors.front}
          onChange={(photo) => {
            setFront(photo);
            if (photo) setPhotoErrors((current) => ({ ...current, front: undefined }));
          }}
          onError={(message) => setPhotoErrors((current) => ({ ...current, front: message }))}
        />
        <CheckPhotoField
          side="back"
          photo={back}
          error={photoErrors.back}
          onChange={(photo) => {
            setBack(photo);
            if (photo) setPhotoErrors((current) => ({ ...current, back: undefined }));
          }}
          onError={(message) => setPhotoErrors((current) => ({ ...current, back: message }))}
        />
      </div>
      <Button type="submit" size="lg">
        Review deposit
      </Button>
    </form>
  );
}
