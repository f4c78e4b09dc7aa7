import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { adminLoginSchema, type AdminLoginInput } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useStartAdminLogin } from '../api/admin-login';
import { useVerifyAdminLogin } from '../api/admin-verify';
import { AdminCredentialsForm } from '../components/admin-credentials-form';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';

/** Staff sign-in (DESIGN §3): email and password, then a code emailed to the admin. */
export function AdminLoginPage() {
  usePageMeta({
    title: 'Admin sign-in',
    description: 'Sign in to the Larkspur Bank admin console. Bank staff only.',
  });
  const navigate = useNavigate();
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const start = useStartAdminLogin();
  const verify = useVerifyAdminLogin();
  // The address the server sent the code to (normalised), once step one succeeded.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submitCredentials = (values: AdminLoginInput) => {
    setFormError(null);
    void start.run(values).then(
      ({ email }) => setCodeSentTo(email),
      (error: unknown) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: ['email', 'password'] })),
    );
  };

  const footer = (
    <p>
      Not bank staff?{' '}
      <Link to={paths.login} className="font-semibold text-brand-800 underline">
        Customer log in
      </Link>
    </p>
  );

  if (codeSentTo === null) {
    return (
      <AuthLayout
        eyebrow="Admin console"
        title="Admin sign-in"
        intro="For Larkspur Bank staff. After your password we email you a one-time code."
        footer={footer}
        stepKey="credentials"
      >
        <AdminCredentialsForm
          form={form}
          onSubmit={submitCredentials}
          pending={start.isPending}
          formError={formError}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout eyebrow="Admin console" title="Enter your sign-in code" footer={footer} stepKey="code">
      <CodeForm
        email={codeSentTo}
        submitLabel="Sign in"
        onVerify={async (code) => {
          await verify.run({ email: codeSentTo, code });
          await navigate(paths.adminDashboard, { replace: true });
        }}
        onResend={async () => {
          await start.run(form.getValues());
        }}
        onBack={() => {
          form.resetField('password');
          setCodeSentTo(null);
        }}
        backLabel="Use another account"
      />
    </AuthLayout>
  );
}
