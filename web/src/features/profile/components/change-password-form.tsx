import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema, PASSWORD_LENGTH_MIN } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { PendingButton } from '@/components/ui/pending-button';
import { SecondFactorFields, SecondFactorInputError, useSecondFactor } from '@/components/ui/second-factor';
import { SecretField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Other sessions were signed out.';
/** When the browser's passkey prompt fails (cancelled, timed out). */
const PASSKEY_CHECK_FAILED =
  'Your passkey was not confirmed: the prompt was cancelled or timed out. Please try again.';

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  // The extra check (decision 0185) starts at the first press: only then is a code emailed.
  const [asked, setAsked] = useState(false);
  const check = useSecondFactor('password.change', asked);
  const [proving, setProving] = useState(false);
  const pending = proving || change.isPending;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (!asked) return setAsked(true);
    let stepUpToken: string;
    setProving(true);
    try {
      stepUpToken = await check.prove();
    } catch (error) {
      if (error instanceof SecondFactorInputError) return;
      return setFormError(error instanceof ApiError ? error.message : PASSKEY_CHECK_FAILED);
    } finally {
      setProving(false);
    }
    change.mutate(
      { ...values, stepUpToken },
      {
        onSuccess: () => {
          check.spent();
          setAsked(false);
          form.reset();
          toast.success(PASSWORD_CHANGED_MESSAGE);
        },
        onError: (error) => {
          // A wrong current password leaves the proof unspent (the server checks it first).
          if (!(error instanceof ApiError) || error.code !== 'CURRENT_PASSWORD_INCORRECT') check.spent();
          if (error instanceof ApiError && ['SECOND_FACTOR_REQUIRED', 'STEP_UP_EXPIRED'].includes(error.code))
            void check.restart();
          setFormError(
            reportFormError(error, {
              setError: form.setError,
              fields: ['currentPassword', 'newPassword', 'confirmPassword'],
            }),
          );
        },
      },
    );
  });

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You stay signed in here; every other device you are signed in on is signed out.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <SecretField
              label="Current password"
              secretName="current password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
          </div>
          <SecretField
            label="New password"
            secretName="new password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_LENGTH_MIN} characters.`}
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <SecretField
            label="Confirm new password"
            secretName="new password confirmation"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </div>
        {asked ? <SecondFactorFields check={check} pending={pending} /> : null}
        <PendingButton type="submit" pending={pending}>
          Change password
        </PendingButton>
      </form>
    </section>
  );
}
