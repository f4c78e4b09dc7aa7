import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  staffInvitationCompleteSchema,
  type StaffInvitationComplete,
  type StaffInvitationSummary,
} from '@larkspur/contract';
import { FormAlert, InfoNote } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useCompleteStaffInvitation, useLookupStaffInvitation } from '../api/staff-invitation';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields } from '../components/new-password-fields';

type Step =
  | { name: 'checking' }
  | { name: 'choose'; token: string; invitation: StaffInvitationSummary }
  | { name: 'done'; email: string }
  | { name: 'invalid'; message: string };

const titles: Record<Step['name'], string> = {
  checking: 'Activate your staff account',
  choose: 'Choose your password',
  done: 'Your staff account is active',
  invalid: 'This link cannot be used',
};

const NO_TOKEN =
  'This page opens from the link in your invitation email. Open that link again, or ask an administrator for a new invitation.';

/**
 * The token from the link's fragment (#…): browsers never send a fragment to a server, so the
 * token is not in access logs or Referer headers. The page takes it off the address bar once read,
 * so it does not stay in the history either.
 */
function tokenInAddress(): string {
  return window.location.hash.replace(/^#/, '');
}

function formatExpiry(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * /staff-invitation (issue 27, decision 0189): a new staff member opens the link an administrator's
 * invitation emailed them, chooses their own password under the usual rules, then signs in at the
 * staff sign-in with it and an emailed code. Nobody else ever knows the password.
 */
export function StaffInvitationPage() {
  const [token] = useState(tokenInAddress);
  const [step, setStep] = useState<Step>(() =>
    token ? { name: 'checking' } : { name: 'invalid', message: NO_TOKEN },
  );
  const lookup = useLookupStaffInvitation();
  usePageMeta({
    title: titles[step.name],
    description: 'Activate your Larkspur Bank staff account by choosing your own password.',
  });

  const { run } = lookup;
  useEffect(() => {
    if (!token) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    run(token).then(
      (invitation) => setStep({ name: 'choose', token, invitation }),
      (error: unknown) =>
        setStep({
          name: 'invalid',
          message:
            error instanceof ApiError ? error.message : 'We could not check this link. Try again later.',
        }),
    );
  }, [run, token]);

  return (
    <AuthLayout
      eyebrow="Staff"
      title={titles[step.name]}
      stepKey={step.name}
      intro={
        step.name === 'choose' ? (
          <>
            Hello {step.invitation.firstName}. Choose the password you will sign in with as{' '}
            <strong className="break-all">{step.invitation.email}</strong>. Nobody else will know it, not even
            the administrator who invited you.
          </>
        ) : undefined
      }
    >
      {step.name === 'checking' ? (
        <p role="status" className="text-slate-700">
          Checking your invitation…
        </p>
      ) : step.name === 'choose' ? (
        <ChoosePasswordForm
          token={step.token}
          expiresAt={step.invitation.expiresAt}
          onDone={(email) => setStep({ name: 'done', email })}
          onInvalid={(message) => setStep({ name: 'invalid', message })}
        />
      ) : step.name === 'done' ? (
        <div className="space-y-6">
          <InfoNote>
            <p>
              Sign in at the staff sign-in with <strong className="break-all">{step.email}</strong> and the
              password you just chose. We will email you a code to finish signing in, as every time.
            </p>
          </InfoNote>
          <ButtonLink to={paths.adminLogin} size="lg" className="w-full sm:w-auto">
            Go to the staff sign-in
          </ButtonLink>
        </div>
      ) : (
        <div className="space-y-6">
          <FormAlert>{step.message}</FormAlert>
          <p className="text-slate-700">
            Invitation links work once and for a limited time. An administrator can send you a new one from
            the Staff page.
          </p>
          <ButtonLink to={paths.adminLogin} variant="secondary" className="w-full sm:w-auto">
            Staff sign-in
          </ButtonLink>
        </div>
      )}
    </AuthLayout>
  );
}

function ChoosePasswordForm({
  token,
  expiresAt,
  onDone,
  onInvalid,
}: {
  token: string;
  expiresAt: string;
  onDone: (email: string) => void;
  onInvalid: (message: string) => void;
}) {
  const form = useForm<StaffInvitationComplete>({
    resolver: zodResolver(staffInvitationCompleteSchema),
    mode: 'onTouched',
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const complete = useCompleteStaffInvitation();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    void complete.run(values).then(
      (done) => onDone(done.email),
      (error: unknown) => {
        // Used, expired or withdrawn in the meantime: nothing on this form can fix that.
        if (error instanceof ApiError && error.code === 'STAFF_INVITATION_INVALID') onInvalid(error.message);
        else
          setFormError(
            reportFormError(error, { setError: form.setError, fields: ['newPassword', 'confirmPassword'] }),
          );
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <NewPasswordFields
        password={{ error: errors.newPassword?.message, ...form.register('newPassword') }}
        repeat={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
      />
      <p className="text-sm text-slate-700">This link works once, until {formatExpiry(expiresAt)}.</p>
      <PendingButton type="submit" pending={complete.isPending} className="w-full sm:w-auto">
        Activate my account
      </PendingButton>
    </form>
  );
}
