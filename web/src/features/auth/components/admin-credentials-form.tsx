import { FormAlert } from '@/components/ui/alert';
import { PendingButton } from '@/components/ui/pending-button';
import { SecretField, TextField } from '@/components/ui/form-field';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminLoginInput } from '@larkspur/contract';

/** Step one of the admin sign-in: work email and password. */
export function AdminCredentialsForm({
  form,
  onSubmit,
  pending,
  formError,
}: {
  form: UseFormReturn<AdminLoginInput>;
  onSubmit: (values: AdminLoginInput) => void;
  pending: boolean;
  formError: string | null;
}) {
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Work email"
        type="email"
        error={errors.email?.message}
        autoComplete="username"
        spellCheck={false}
        {...form.register('email')}
      />
      <SecretField
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...form.register('password')}
      />
      <PendingButton type="submit" pending={pending} className="w-full">
        Continue
      </PendingButton>
    </form>
  );
}
