import { useState } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import {
  ACCOUNT_FIELD_LENGTH_MAX,
  NAME_FIELD_LENGTH_MAX,
  PAYEE_NICKNAME_LENGTH_MAX,
  payeeInputSchema,
  type Payee,
  type PayeeInput,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { CountrySelectField, countryHint, CurrencySelectField } from './international-fields';
import { TransferTypePicker } from './transfer-type-picker';
import { emptyTransfer, LARKSPUR_BANK_NAME, type TransferFormValues } from './transfer-validation';

/** What the payee form holds: Send money's recipient fields, plus a nickname. */
export type PayeeFormValues = Pick<
  TransferFormValues,
  'type' | 'recipientAccount' | 'recipientName' | 'bankName' | 'routingNumber' | 'internationalDetails'
> & { nickname: string };

export function payeeFormValues(payee: Payee | null): PayeeFormValues {
  if (!payee) {
    const { type, recipientAccount, recipientName, bankName, routingNumber, internationalDetails } =
      emptyTransfer;
    return {
      nickname: '',
      type,
      recipientAccount,
      recipientName,
      bankName,
      routingNumber,
      internationalDetails,
    };
  }
  return {
    nickname: payee.nickname,
    type: payee.type,
    recipientAccount: payee.recipientAccount,
    recipientName: payee.recipientName,
    bankName: payee.bankName,
    routingNumber: payee.routingNumber ?? '',
    internationalDetails: payee.internationalDetails ?? emptyTransfer.internationalDetails,
  };
}

/** The request the form describes: one shape per type, as Send money builds a transfer. */
export function toPayeeInput(values: PayeeFormValues): PayeeInput {
  const international = values.type === 'International Transfer';
  const wire = values.type === 'Wire Transfer';
  return {
    nickname: values.nickname,
    type: values.type,
    recipientAccount: values.recipientAccount,
    recipientName: international ? values.internationalDetails.recipientFullName : values.recipientName,
    bankName: international
      ? values.internationalDetails.recipientBank
      : wire
        ? values.bankName
        : LARKSPUR_BANK_NAME,
    routingNumber: wire ? values.routingNumber : null,
    internationalDetails: international ? values.internationalDetails : null,
  };
}

/** The contract's own rules (the server's), each message beside its field. */
const payeeResolver: Resolver<PayeeFormValues> = (values) => {
  const parsed = payeeInputSchema.safeParse(toPayeeInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  const international = values.type === 'International Transfer';
  for (const issue of parsed.error.issues) {
    let path = issue.path.join('.');
    if (international && path === 'recipientName') path = 'internationalDetails.recipientFullName';
    if (international && path === 'bankName') path = 'internationalDetails.recipientBank';
    const keys = path.split('.');
    let node = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] ??= { type: 'validate', message: issue.message };
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return { values: {}, errors: errors as never };
};

const serverFields: Path<PayeeFormValues>[] = [
  'recipientAccount',
  'recipientName',
  'routingNumber',
  'nickname',
];

/**
 * Adding or changing a payee by hand (issue 18): the same recipient fields as Send money, with the
 * contract's rules. International details keep today's shape (InternationalDetails).
 */
export function PayeeForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: PayeeFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: PayeeInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useForm<PayeeFormValues>({
    defaultValues: initial,
    mode: 'onTouched',
    resolver: payeeResolver,
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const [account, swiftBic, country] = useWatch({
    control: form.control,
    name: ['recipientAccount', 'internationalDetails.swiftBic', 'internationalDetails.country'],
  });
  const international = type === 'International Transfer';
  const [formError, setFormError] = useState<string | null>(null);
  const nested = errors.internationalDetails;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(toPayeeInput(values));
    } catch (error) {
      setFormError(reportFormError(error, { setError: form.setError, fields: serverFields }));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TransferTypePicker registration={form.register('type')} selected={type} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nickname (optional)"
          hint="How you call them, e.g. Landlord."
          autoComplete="off"
          maxLength={PAYEE_NICKNAME_LENGTH_MAX}
          error={errors.nickname?.message}
          className="sm:col-span-2"
          {...form.register('nickname')}
        />
        <TextField
          label={international ? 'IBAN or account number' : 'Recipient account number'}
          inputMode={international ? 'text' : 'numeric'}
          autoComplete="off"
          spellCheck={false}
          maxLength={ACCOUNT_FIELD_LENGTH_MAX}
          error={errors.recipientAccount?.message}
          className="sm:col-span-2"
          {...form.register('recipientAccount')}
        />
        {international ? (
          <>
            <TextField
              label="Recipient’s full name"
              autoComplete="off"
              maxLength={NAME_FIELD_LENGTH_MAX}
              error={nested?.recipientFullName?.message}
              className="sm:col-span-2"
              {...form.register('internationalDetails.recipientFullName')}
            />
            <TextField
              label="Recipient’s bank"
              autoComplete="off"
              maxLength={NAME_FIELD_LENGTH_MAX}
              error={nested?.recipientBank?.message}
              {...form.register('internationalDetails.recipientBank')}
            />
            <TextField
              label="SWIFT/BIC"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={11}
              error={nested?.swiftBic?.message}
              {...form.register('internationalDetails.swiftBic')}
            />
            <CountrySelectField
              hint={countryHint(account ?? '', swiftBic ?? '', country ?? '')}
              error={nested?.country?.message}
              {...form.register('internationalDetails.country')}
            />
            <CurrencySelectField
              error={nested?.currency?.message}
              {...form.register('internationalDetails.currency')}
            />
          </>
        ) : (
          <>
            <TextField
              label="Recipient name"
              autoComplete="off"
              maxLength={NAME_FIELD_LENGTH_MAX}
              error={errors.recipientName?.message}
              className="sm:col-span-2"
              {...form.register('recipientName')}
            />
            {type === 'Wire Transfer' ? (
              <>
                <TextField
                  label="Bank name"
                  autoComplete="off"
                  maxLength={NAME_FIELD_LENGTH_MAX}
                  error={errors.bankName?.message}
                  {...form.register('bankName')}
                />
                <TextField
                  label="Routing number"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  error={errors.routingNumber?.message}
                  {...form.register('routingNumber')}
                />
              </>
            ) : null}
          </>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
