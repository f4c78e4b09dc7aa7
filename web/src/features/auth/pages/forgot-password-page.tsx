import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { ResetPasswordForm } from '../components/reset-password-form';

type Step = { name: 'identify' } | { name: 'reset'; identifier: string } | { name: 'done' };

const titles: Record<Step['name'], string> = {
  identify: 'Reset your password',
  reset: 'Check your email',
  done: 'Your password is changed',
};

/**
 * "Forgot your password?" (issue 17): an account number or email → the emailed code and a new
 * password → done, log in. Guest-only, linked from /login.
 */
export function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'identify' });
  usePageMeta({
    title: titles[step.name],
    description: 'Forgot your Larkspur Bank password? Reset it with a code sent to your email address.',
  });

  return (
    <AuthLayout
      eyebrow="Online banking"
      title={titles[step.name]}
      stepKey={step.name}
      intro={
        step.name === 'identify'
          ? 'Enter your account number or the email address of your account. We will email you a code to choose a new password.'
          : undefined
      }
      footer={
        step.name === 'done' ? undefined : (
          <>
            <p>
              Remembered it?{' '}
              <Link to={paths.login} className="font-semibold text-brand-800 underline">
                Log in
              </Link>
            </p>
            <p>
              No access to your email any more?{' '}
              <Link to={paths.contact} className="font-semibold text-brand-800 underline">
                Call customer service
              </Link>
            </p>
          </>
        )
      }
    >
      {step.name === 'identify' ? (
        <IdentifyForm onSent={(identifier) => setStep({ name: 'reset', identifier })} />
      ) : step.name === 'reset' ? (
        <ResetPasswordForm
          identifier={step.identifier}
          onDone={() => setStep({ name: 'done' })}
          onBack={() => setStep({ name: 'identify' })}
        />
      ) : (
        <div className="space-y-6">
          <InfoNote>
            <p>
              Every device that was logged in to your account has been logged out, and we have emailed you
              that the password changed.
            </p>
          </InfoNote>
          <ButtonLink to={paths.login} size="lg" className="w-full sm:w-auto">
            Log in with your new password
          </ButtonLink>
        </div>
      )}
    </AuthLayout>
  );
}

function IdentifyForm({ onSent }: { onSent: (identifier: string) => void }) {
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { identifier: '' },
  });
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    void forgot.run(values).then(
      () => onSent(values.identifier.trim()),
      (error: unknown) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: ['identifier'] })),
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Account number or email"
        hint="Your 11-digit account number (it starts with 409), or the email address you signed up with."
        error={form.formState.errors.identifier?.message}
        autoComplete="username"
        spellCheck={false}
        {...form.register('identifier')}
      />
      <PendingButton type="submit" pending={forgot.isPending} className="w-full">
        Email me a code
      </PendingButton>
    </form>
  );
}
