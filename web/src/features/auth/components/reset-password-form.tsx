import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  OTP_CODE_LENGTH,
  RECOVERY_RESEND_WAIT_SECONDS,
  resetPasswordSchema,
  type ResetPasswordInput,
} from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { CodeSentNote, OneTimeCodeField, OTP_VALID_MINUTES } from '@/components/ui/one-time-code';
import { TextButton } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { ApiError } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

/** Seconds left until `until`, updated every second while it is in the future. */
function useSecondsUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Step two of "Forgot your password?": the code from the email and the new password. The page
 * never says whether the identifier matched (decision 0130); a wrong code says so, as at sign-up.
 */
export function ResetPasswordForm({
  identifier,
  onDone,
  onBack,
}: {
  identifier: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { identifier, code: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useResetPassword();
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [resendAfter, setResendAfter] = useState(() => Date.now() + RECOVERY_RESEND_WAIT_SECONDS * 1000);
  const wait = useSecondsUntil(resendAfter);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    void reset.run(values).then(onDone, (error: unknown) =>
      setFormError(
        reportFormError(error, {
          setError: form.setError,
          fields: ['code', 'newPassword', 'confirmPassword'],
        }),
      ),
    );
  });

  const resend = async () => {
    setFormError(null);
    try {
      await forgot.run({ identifier });
      form.setValue('code', '');
      setResendAfter(Date.now() + RECOVERY_RESEND_WAIT_SECONDS * 1000);
      toast.success('If the details match an account, a new code is on its way.');
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'We could not send a new code.');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <CodeSentNote>
        If <strong className="break-all">{identifier}</strong> belongs to an account, we have emailed a{' '}
        {OTP_CODE_LENGTH}-digit code to the address on file. It is valid for {OTP_VALID_MINUTES} minutes.
      </CodeSentNote>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <OneTimeCodeField error={errors.code?.message} {...form.register('code')} />
      <NewPasswordFields
        password={{ error: errors.newPassword?.message, ...form.register('newPassword') }}
        repeat={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <PendingButton type="submit" pending={reset.isPending}>
          Set new password
        </PendingButton>
        <PendingButton
          variant="secondary"
          onClick={() => void resend()}
          pending={forgot.isPending}
          disabled={wait > 0}
        >
          {wait > 0 ? `Send a new code (${wait} s)` : 'Send a new code'}
        </PendingButton>
      </div>
      <p>
        <TextButton onClick={onBack}>Use a different account number or email</TextButton>
      </p>
    </form>
  );
}
