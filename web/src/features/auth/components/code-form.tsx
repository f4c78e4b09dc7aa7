import { useState } from 'react';
import { OTP_CODE_LENGTH } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import {
  CodeSentNote,
  OneTimeCodeField,
  OTP_VALID_MINUTES,
  useCodeForm,
} from '@/components/ui/one-time-code';
import { TextButton } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { ApiError } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/**
 * Step two of sign-up and of the admin sign-in: the 6-digit code from the email. `onVerify`
 * rejects with the ApiError to show (beside the field when it names `code`); it may deal with an
 * error itself and resolve instead.
 */
export function CodeForm({
  email,
  submitLabel,
  onVerify,
  onResend,
  onBack,
  backLabel,
}: {
  email: string;
  submitLabel: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
  backLabel: string;
}) {
  const form = useCodeForm();
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resentAt, setResentAt] = useState<Date | null>(null);

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await onVerify(code);
    } catch (error) {
      setFormError(reportFormError(error, { setError: form.setError, fields: ['code'] }));
    }
  });

  const resend = async () => {
    setFormError(null);
    setResending(true);
    try {
      await onResend();
      form.reset({ code: '' });
      setResentAt(new Date());
      toast.success(`We sent a new code to ${email}.`);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'We could not send a new code.';
      setFormError(message);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <CodeSentNote>
        We sent a {OTP_CODE_LENGTH}-digit code to <strong className="break-words">{email}</strong>. It is
        valid for {OTP_VALID_MINUTES} minutes.
        {resentAt ? ' A new code replaces the one before it.' : null}
      </CodeSentNote>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <OneTimeCodeField error={errors.code?.message} {...form.register('code')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <PendingButton type="submit" pending={isSubmitting}>
          {submitLabel}
        </PendingButton>
        <PendingButton variant="secondary" onClick={() => void resend()} pending={resending}>
          Send a new code
        </PendingButton>
      </div>
      <p>
        <TextButton onClick={onBack}>{backLabel}</TextButton>
      </p>
    </form>
  );
}
