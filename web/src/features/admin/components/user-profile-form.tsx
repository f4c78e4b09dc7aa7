import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  accountLimitInputSchema,
  adminUserUpdateSchema,
  contactFieldsSchema,
  maritalStatuses,
  moneyToCents,
  parseTypedAmountToCents,
  reasonSchema,
  REASON_LENGTH_MAX,
  type AdminUserUpdateInput,
  type Profile,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { withTypedAmounts } from '@/lib/typed-amount';
import { useUpdateUser } from '../api/update-user';
import { useCapability } from './use-capability';

/**
 * The profile fields an admin may change, each checked by the very schema the server applies
 * (contract/admin.ts `adminUserUpdateSchema`: sign-up's rules for names and contact fields, the
 * account-limit rule), plus the reason the audit log keeps.
 */
const updateShape = adminUserUpdateSchema.shape;
const profileFormSchema = z.object({
  firstName: updateShape.firstName.unwrap(),
  surname: updateShape.surname.unwrap(),
  ...contactFieldsSchema.shape,
  accountLimit: accountLimitInputSchema,
  dob: updateShape.dob.unwrap(),
  reason: reasonSchema,
});
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormValues = z.output<typeof profileFormSchema>;

const editableKeys = [
  'firstName',
  'surname',
  'phone',
  'address',
  'zipCode',
  'country',
  'maritalStatus',
  'occupation',
  'accountLimit',
  'dob',
] as const;

function valuesOf(profile: Profile): ProfileFormInput {
  const maritalStatus = maritalStatuses.find((status) => status === profile.maritalStatus);
  return {
    firstName: profile.firstName,
    surname: profile.surname,
    phone: profile.phone,
    address: profile.address,
    zipCode: profile.zipCode,
    country: profile.country,
    maritalStatus: maritalStatus ?? ('' as ProfileFormInput['maritalStatus']),
    occupation: profile.occupation,
    accountLimit: profile.accountLimit,
    dob: profile.dob,
    reason: '',
  };
}

/** Only what changed is sent; a limit typed as "50000" equals "50000.00" and is not a change. */
function changesBetween(values: ProfileFormValues, profile: Profile): AdminUserUpdateInput | null {
  const current = valuesOf(profile);
  const change: Partial<Record<(typeof editableKeys)[number], string>> = {};
  for (const key of editableKeys) {
    const next = values[key];
    const same =
      key === 'accountLimit'
        ? parseTypedAmountToCents(next) === moneyToCents(profile.accountLimit)
        : next === current[key];
    if (!same) change[key] = next;
  }
  if (Object.keys(change).length === 0) return null;
  const body = { ...change, reason: values.reason };
  // The same check the server runs on the body as a whole.
  const parsed = adminUserUpdateSchema.safeParse(body);
  return parsed.success ? (body as AdminUserUpdateInput) : null;
}

export function UserProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: withTypedAmounts(zodResolver(profileFormSchema), ['accountLimit']),
    mode: 'onTouched',
    defaultValues: valuesOf(profile),
  });
  const { errors } = form.formState;
  const update = useUpdateUser(profile.uid);
  const canSetLimits = useCapability('settings.manage');
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const change = changesBetween(values, profile);
    if (!change) {
      setFormError('Nothing has changed yet: edit a field, then save.');
      return;
    }
    update.mutate(change, {
      onSuccess: () => {
        toast.success('Profile saved.');
        onDone();
      },
      onError: (error) =>
        setFormError(
          reportFormError(error, { setError: form.setError, fields: [...editableKeys, 'reason'] }),
        ),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Surname" error={errors.surname?.message} {...form.register('surname')} />
        <TextField label="Phone" type="tel" error={errors.phone?.message} {...form.register('phone')} />
        <TextField label="Occupation" error={errors.occupation?.message} {...form.register('occupation')} />
        <TextField
          label="Address"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <TextField label="ZIP code" error={errors.zipCode?.message} {...form.register('zipCode')} />
        <TextField label="Country" error={errors.country?.message} {...form.register('country')} />
        <SelectField
          label="Marital status"
          error={errors.maritalStatus ? 'Choose a marital status' : undefined}
          {...form.register('maritalStatus')}
        >
          <option value="">Choose…</option>
          {maritalStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Daily account limit (USD)"
          inputMode="decimal"
          readOnly={!canSetLimits}
          hint={
            canSetLimits
              ? 'Dollars, e.g. 50000 or 50000.00.'
              : 'Only an administrator changes a customer’s limit.'
          }
          error={errors.accountLimit?.message}
          {...form.register('accountLimit')}
        />
        <TextField label="Date of birth" type="date" error={errors.dob?.message} {...form.register('dob')} />
        <TextField
          label="Reason for the change"
          className="sm:col-span-2"
          hint="Kept in the audit log with the before and after."
          maxLength={REASON_LENGTH_MAX}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={update.isPending}>
          Save profile
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
