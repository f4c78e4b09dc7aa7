import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import {
  FX_RATE_MAX_AGE_DAYS,
  PURPOSE_LENGTH_MAX,
  errorMessage,
  isExternalWire,
  type Profile,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { AmountField, TextField } from '@/components/ui/form-field';
import { Button } from '@/components/ui/button';
import { Money } from '@/components/ui/money';
import { ApiError } from '@/lib/api-client';
import { useFxRates } from '../api/get-fx-rates';
import { useRecipientLookup } from '../api/lookup-recipient';
import { InternationalAmount } from './international-fields';
import { PayeeCheck } from './payee-check';
import { RecipientFields } from './recipient-fields';
import { TransferTypePicker } from './transfer-type-picker';
import {
  transferResolver,
  validateTransfer,
  type TransferContext,
  type TransferFormValues,
  type TransferRequestOut,
} from './transfer-validation';

/** Confirmation of payee is asked only for what could be one of our account numbers. */
const LOOKUP_PATTERN = /^\d{4,34}$/;

export interface ServerFieldError {
  field: string | undefined;
  message: string;
}

/** The fields a server error may name (`error.field`), as the form calls them. */
const serverFields: Record<string, Path<TransferFormValues>> = {
  amount: 'amount',
  recipientAccount: 'recipientAccount',
  recipientName: 'recipientName',
  routingNumber: 'routingNumber',
  bankName: 'bankName',
  purpose: 'purpose',
  foreignAmount: 'foreignAmount',
  'internationalDetails.currency': 'internationalDetails.currency',
};

/**
 * Step 1 of Send money: type, recipient, amount, purpose. Validated with the contract's schema as
 * the person types (each field once it has been left, then at every keystroke); the account
 * number is looked up when it is left ("This is a Larkspur Bank account"; with the name, its check).
 */
export function TransferForm({
  profile,
  initialValues,
  serverError,
  onReview,
  when,
  whenReady,
  fundsOnTheDay = false,
}: {
  profile: Profile;
  initialValues: TransferFormValues;
  /** Why the last attempt was refused, shown beside its field when it has one. */
  serverError: ServerFieldError | null;
  onReview: (values: TransferFormValues, request: TransferRequestOut) => void;
  /** "When?" (scheduled payments, issue 18), rendered above the submit button. */
  when?: ReactNode;
  /** Checks the "When?" choice before the review; false keeps the form (its errors show). */
  whenReady?: () => boolean;
  /** A payment for a later day: its funds are checked on that day, not against today's balance. */
  fundsOnTheDay?: boolean;
}) {
  const initialAccount = initialValues.recipientAccount.trim();
  const [lookupNumber, setLookupNumber] = useState<string | null>(
    LOOKUP_PATTERN.test(initialAccount) ? initialAccount : null,
  );
  // The name check (decision 0155) asks with the name as last left; a new name is a new look-up.
  const [checkName, setCheckName] = useState(() =>
    (initialValues.type === 'International Transfer'
      ? initialValues.internationalDetails.recipientFullName
      : initialValues.recipientName
    ).trim(),
  );
  const payeeNeedsConfirm = serverError?.message === errorMessage('PAYEE_CHECK_NOT_CONFIRMED');

  // What validation knows beyond the fields: the live balance and the payee check's answer (set
  // below, once the look-up has its number). What can be sent is the available balance: deposited
  // checks still on hold are not (issue 13).
  const context: TransferContext = {
    balance: fundsOnTheDay ? undefined : profile.availableBalance,
    ownAccountNumber: profile.accountNumber,
    recipientUnknown: false,
    payeeCheck: null,
    payeeNeedsConfirm,
  };
  const form = useForm<TransferFormValues, TransferContext>({
    defaultValues: initialValues,
    mode: 'onTouched',
    resolver: transferResolver,
    context,
  });
  const { errors, isSubmitted } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const routingNumber = useWatch({ control: form.control, name: 'routingNumber' });
  // Another bank's wire (decision 0206): its account number is not looked up among our customers.
  const toAnotherBank = isExternalWire({ type, routingNumber });
  const lookup = useRecipientLookup(toAnotherBank ? null : lookupNumber, checkName);
  const recipientUnknown = lookup.error instanceof ApiError && lookup.error.status === 404;
  // React-hook-form reads `context` when it validates, after this render.
  context.recipientUnknown = recipientUnknown;
  context.payeeCheck = lookup.data?.check?.result ?? null;
  const international = type === 'International Transfer';
  // The posted rates, once International is chosen; validation reads them from the context
  // (react-hook-form reads `context` when it validates, after this render).
  const fxRates = useFxRates(international);
  context.rates = fxRates.data;

  // When the look-up answers, judge the account number again (not found → the spec's message).
  const { trigger, getFieldState } = form;
  useEffect(() => {
    if (lookupNumber !== null && (getFieldState('recipientAccount').isTouched || isSubmitted))
      void trigger('recipientAccount');
  }, [recipientUnknown, lookupNumber, trigger, getFieldState, isSubmitted]);

  // Coming back from the review with the server's refusal (the form mounts afresh): beside the
  // field it names, focused, or above the form when it names none.
  const serverField: Path<TransferFormValues> | undefined = payeeNeedsConfirm
    ? 'confirmPayeeRisk'
    : serverError?.field
      ? serverFields[serverError.field]
      : undefined;
  const [formError] = useState<string | null>(() =>
    serverError && serverField === undefined ? serverError.message : null,
  );
  const { setError } = form;
  useEffect(() => {
    if (serverError && serverField)
      setError(serverField, { type: 'server', message: serverError.message }, { shouldFocus: true });
  }, [serverError, serverField, setError]);

  const nameField = international ? 'internationalDetails.recipientFullName' : 'recipientName';
  // react-hook-form focuses the first field in error in the order fields were registered, and the
  // recipient's fields render in a child after this form's own: named here first, the order is the
  // one on screen (decision 0115: a refused submit focuses the first field in error).
  form.register('recipientAccount');
  form.register(nameField);
  const submit = form.handleSubmit((values) => {
    const result = validateTransfer(values, context);
    if (result.ok && (international || (whenReady?.() ?? true))) onReview(values, result.request);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TransferTypePicker registration={form.register('type')} selected={type} />

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Who are you paying?</legend>
        <RecipientFields
          register={form.register}
          watch={form.watch}
          errors={errors}
          rates={fxRates.data}
          onAccountBlur={(value) =>
            setLookupNumber(LOOKUP_PATTERN.test(value) && value !== profile.accountNumber ? value : null)
          }
          onNameBlur={setCheckName}
          nameCheck={
            <PayeeCheck
              lookup={lookupNumber === null || toAnotherBank ? null : lookup}
              international={international}
              onUseName={(name) => {
                form.setValue(nameField, name, { shouldValidate: isSubmitted, shouldDirty: true });
                setCheckName(name);
              }}
              confirm={form.register('confirmPayeeRisk')}
              confirmError={errors.confirmPayeeRisk?.message}
              needsConfirm={payeeNeedsConfirm}
            />
          }
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">How much?</legend>
        {international ? (
          <InternationalAmount form={form} rates={fxRates.data} availableBalance={profile.availableBalance} />
        ) : (
          <AmountField
            label="Amount (US dollars)"
            hint={
              <>
                Available balance: <Money amount={profile.availableBalance} currency={profile.currency} /> ·
                daily sending limit: <Money amount={profile.accountLimit} currency={profile.currency} />
              </>
            }
            placeholder="0.00"
            maxLength={20}
            error={errors.amount?.message}
            {...form.register('amount')}
          />
        )}
        <TextField
          label="Purpose (optional)"
          hint="The recipient sees this on their statement."
          autoComplete="off"
          maxLength={PURPOSE_LENGTH_MAX}
          error={errors.purpose?.message}
          {...form.register('purpose')}
        />
      </fieldset>

      {international ? (
        <InfoNote>
          We convert at Larkspur Bank’s posted rate, shown before you confirm; a rate is good for{' '}
          {FX_RATE_MAX_AGE_DAYS} days at most. Nothing moves until you confirm on the next screen.
        </InfoNote>
      ) : null}

      {/* International payments are sent now: their rate is the day's (decision 0158). */}
      {international ? null : when}

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg">
          Review transfer
        </Button>
      </div>
    </form>
  );
}
