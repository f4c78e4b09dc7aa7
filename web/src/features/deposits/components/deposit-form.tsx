import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CHECK_DEPOSIT_MAX_CENTS,
  CHECK_NUMBER_LENGTH_MAX,
  PAYER_ACCOUNT_NUMBER_LENGTH_MAX,
  ROUTING_NUMBER_LENGTH,
  formatCents,
  type Profile,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { AmountField, TextField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import type { CheckPhoto } from './check-image';
import { CheckPhotoField } from './check-photo-field';
import { depositResolver, validateDepositPhotos, type DepositFormValues } from './deposit-validation';

export interface DepositDraft {
  values: DepositFormValues;
  front: CheckPhoto | null;
  back: CheckPhoto | null;
}

/** A draft that passed the form: both photos are there (the contract requires them). */
export interface CompleteDepositDraft extends DepositDraft {
  front: CheckPhoto;
  back: CheckPhoto;
}

const TYPED_FIELDS: readonly string[] = [
  'amount',
  'routingNumber',
  'payerAccountNumber',
  'checkNumber',
] satisfies (keyof DepositFormValues)[];

export interface ServerFieldError {
  field: string | undefined;
  message: string;
}

/** Step 1 of Deposit check: amount, the check's MICR line, both photos. */
export function DepositForm({
  profile,
  draft,
  serverError,
  onReview,
}: {
  profile: Profile;
  draft: DepositDraft;
  serverError: ServerFieldError | null;
  onReview: (draft: CompleteDepositDraft) => void;
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

  const { setError, clearErrors } = form;
  // The server's refusal is about the value it was sent: it goes as soon as that value is edited.
  // Left until the field's blur, it would vanish as Review is pressed, moving the button from under
  // the pointer between press and release, so that the click is lost.
  const clearServerError = (field: keyof DepositFormValues) => () => {
    if (form.formState.errors[field]?.type === 'server') clearErrors(field);
  };
  useEffect(() => {
    const field = serverError?.field;
    if (field && TYPED_FIELDS.includes(field as keyof DepositFormValues)) {
      setError(
        field as keyof DepositFormValues,
        { type: 'server', message: serverError.message },
        { shouldFocus: true },
      );
    }
  }, [serverError, setError]);

  const submit = form.handleSubmit(
    (values) => {
      const missing = validateDepositPhotos({ front, back });
      if (!front || !back || missing.front || missing.back || photoErrors.front || photoErrors.back) {
        setPhotoErrors((current) => ({
          front: current.front ?? missing.front,
          back: current.back ?? missing.back,
        }));
        return;
      }
      onReview({ values, front, back });
    },
    () => {
      const missing = validateDepositPhotos({ front, back });
      setPhotoErrors((current) => ({
        front: current.front ?? missing.front,
        back: current.back ?? missing.back,
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
              At most <Money amount={formatCents(CHECK_DEPOSIT_MAX_CENTS)} currency={profile.currency} /> a
              check.
            </>
          }
          placeholder="0.00"
          maxLength={20}
          error={errors.amount?.message}
          {...form.register('amount', { onChange: clearServerError('amount') })}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">
          The numbers along the bottom of the check
        </legend>
        <p className="text-sm text-slate-700">
          Type them as printed, left to right: they tell us which check this is.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Routing number"
            hint="The 9 digits at the left."
            inputMode="numeric"
            autoComplete="off"
            maxLength={ROUTING_NUMBER_LENGTH}
            error={errors.routingNumber?.message}
            {...form.register('routingNumber', { onChange: clearServerError('routingNumber') })}
          />
          <TextField
            label="Payer's account number"
            hint="The digits in the middle."
            inputMode="numeric"
            autoComplete="off"
            maxLength={PAYER_ACCOUNT_NUMBER_LENGTH_MAX}
            error={errors.payerAccountNumber?.message}
            {...form.register('payerAccountNumber', { onChange: clearServerError('payerAccountNumber') })}
          />
          <TextField
            label="Check number"
            hint="Also printed at the top right."
            inputMode="numeric"
            autoComplete="off"
            maxLength={CHECK_NUMBER_LENGTH_MAX}
            error={errors.checkNumber?.message}
            {...form.register('checkNumber', { onChange: clearServerError('checkNumber') })}
          />
        </div>
      </fieldset>
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
