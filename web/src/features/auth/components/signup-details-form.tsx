import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  maritalStatuses,
  PASSWORD_LENGTH_MIN,
  SIGNUP_AGE_MIN_YEARS,
  type Signup,
  type SignupInput,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { PendingButton } from '@/components/ui/pending-button';
import { SecretField, SelectField, TextField } from '@/components/ui/form-field';

/** "123456789" or "123-45-67" as typed → "123-45-6789": digits only, hyphens where they belong. */
export function formatSsn(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  if (digits.length > 5) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  if (digits.length > 3) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return digits;
}

/** The latest date of birth that is old enough today, for the date picker's `max` (YYYY-MM-DD). */
function latestBirthDate(today: Date): string {
  const year = today.getFullYear() - SIGNUP_AGE_MIN_YEARS;
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = String(today.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{title}</legend>
      {description ? <p className="clear-both pt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="clear-both grid gap-4 pt-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * Step one of sign-up: the whole application in four sections, checked with the very schema the
 * server applies (errors appear once a field is left, then as it is corrected).
 */
export function SignupDetailsForm({
  form,
  onSubmit,
  pending,
  formError,
}: {
  form: UseFormReturn<SignupInput, unknown, Signup>;
  onSubmit: (values: Signup) => void;
  pending: boolean;
  formError: string | null;
}) {
  const { errors } = form.formState;
  const { register } = form;

  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="space-y-8">
      {formError ? <FormAlert>{formError}</FormAlert> : null}

      <Section title="About you">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Surname"
          autoComplete="family-name"
          error={errors.surname?.message}
          {...register('surname')}
        />
        <SelectField
          label="Marital status"
          // The contract's enum message lists every option; a person needs only this.
          error={errors.maritalStatus ? 'Choose your marital status' : undefined}
          {...register('maritalStatus')}
        >
          <option value="">Choose…</option>
          {maritalStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Occupation"
          autoComplete="organization-title"
          error={errors.occupation?.message}
          {...register('occupation')}
        />
      </Section>

      <Section title="Contact" description="We send your sign-up code to this email address.">
        <div className="sm:col-span-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Country"
          autoComplete="country-name"
          error={errors.country?.message}
          {...register('country')}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Address"
            autoComplete="street-address"
            error={errors.address?.message}
            {...register('address')}
          />
        </div>
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          error={errors.zipCode?.message}
          {...register('zipCode')}
        />
      </Section>

      <Section
        title="Identity"
        description="Required by law to open a bank account. Your SSN is stored encrypted and only its last four digits are ever shown."
      >
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={latestBirthDate(new Date())}
          hint={`You must be at least ${SIGNUP_AGE_MIN_YEARS}.`}
          error={errors.dob?.message}
          {...register('dob')}
        />
        <Controller
          control={form.control}
          name="ssn"
          render={({ field, fieldState }) => (
            <SecretField
              label="Social Security number"
              secretName="Social Security number"
              hideAs="mask"
              hint="Format: 123-45-6789"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatSsn(event.target.value))}
            />
          )}
        />
      </Section>

      <Section title="Password" description="You will log in with your account number and this password.">
        <SecretField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_LENGTH_MIN} characters. A few unrelated words make a strong one.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <SecretField
          label="Confirm password"
          secretName="password confirmation"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </Section>

      <PendingButton type="submit" pending={pending} className="w-full sm:w-auto">
        Continue
      </PendingButton>
    </form>
  );
}
