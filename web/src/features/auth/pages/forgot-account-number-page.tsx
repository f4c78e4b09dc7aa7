import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotAccountNumberSchema, type ForgotAccountNumberInput } from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/form-field';
import { MailIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useForgotAccountNumber } from '../api/forgot-account-number';
import { AuthLayout } from '../components/auth-layout';

/**
 * "Forgot your account number?" (issue 17): an email address; the account number goes to it by
 * email. The page says the same whether or not the address banks here (decision 0130).
 */
export function ForgotAccountNumberPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  usePageMeta({
    title: sentTo ? 'Check your email' : 'Find your account number',
    description: 'Forgot your Larkspur Bank account number? We email it to the address of your account.',
  });
  const form = useForm<ForgotAccountNumberInput>({
    resolver: zodResolver(forgotAccountNumberSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const forgot = useForgotAccountNumber();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    void forgot.run(values).then(
      () => setSentTo(values.email.trim()),
      (error: unknown) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: ['email'] })),
    );
  });

  return (
    <AuthLayout
      eyebrow="Online banking"
      title={sentTo ? 'Check your email' : 'Find your account number'}
      stepKey={sentTo ? 'sent' : 'ask'}
      intro={
        sentTo
          ? undefined
          : 'Enter the email address of your account. We will email your account number to it — never show it here.'
      }
      footer={
        <>
          <p>
            Forgot your password too?{' '}
            <Link to={paths.forgotPassword} className="font-semibold text-brand-800 underline">
              Reset your password
            </Link>
          </p>
          <p>
            No access to that email any more?{' '}
            <Link to={paths.contact} className="font-semibold text-brand-800 underline">
              Call customer service
            </Link>
          </p>
        </>
      }
    >
      {sentTo ? (
        <div className="space-y-6">
          <InfoNote>
            <p className="flex items-start gap-2">
              <MailIcon className="mt-0.5 size-5 shrink-0" />
              <span>
                If <strong className="break-all">{sentTo}</strong> belongs to a Larkspur Bank account, we have
                emailed its account number there. It can take a minute; check your spam folder too.
              </span>
            </p>
          </InfoNote>
          <ButtonLink to={paths.login} size="lg" className="w-full sm:w-auto">
            Back to log in
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField
            label="Email address"
            type="email"
            error={form.formState.errors.email?.message}
            autoComplete="email"
            spellCheck={false}
            {...form.register('email')}
          />
          <PendingButton type="submit" pending={forgot.isPending} className="w-full">
            Email me my account number
          </PendingButton>
        </form>
      )}
    </AuthLayout>
  );
}
