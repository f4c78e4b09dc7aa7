import { useState } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { PAYEE_NICKNAME_LENGTH_MAX, payeeInputSchema, type Payee, type PayeeInput } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { RecipientFields } from './recipient-fields';
import { TransferTypePicker } from './transfer-type-picker';
import { emptyTransfer, recipientOf, type RecipientValues } from './transfer-validation';

/** What the payee form holds: Send money's recipient fields, plus a nickname. */
export type PayeeFormValues = RecipientValues & { nickname: string };

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
  return {
    nickname: values.nickname,
    type: values.type,
    ...recipientOf(values),
    internationalDetails: values.type === 'International Transfer' ? values.internationalDetails : null,
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
  const [formError, setFormError] = useState<string | null>(null);

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
      <RecipientFields
        register={form.register}
        watch={form.watch}
        errors={errors}
        leading={
          <TextField
            label="Nickname (optional)"
            hint="How you call them, e.g. Landlord."
            autoComplete="off"
            maxLength={PAYEE_NICKNAME_LENGTH_MAX}
            error={errors.nickname?.message}
            className="sm:col-span-2"
            {...form.register('nickname')}
          />
        }
      />
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
