import { Link, useNavigate } from 'react-router';
import type { SessionResponse } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { PasskeySignIn } from '../components/passkey-sign-in';

export function LoginPage() {
  usePageMeta({
    title: 'Log in',
    description: 'Log in to Larkspur Bank online banking with your account number and password.',
  });
  const navigate = useNavigate();
  const onSignedIn = (session: SessionResponse) =>
    void navigate(session.user?.role === 'admin' ? paths.adminDashboard : paths.userDashboard, {
      replace: true,
    });

  return (
    <AuthLayout
      eyebrow="Online banking"
      title="Log in to your account"
      intro="Use your account number and password."
      footer={
        <>
          <p>
            New to Larkspur Bank?{' '}
            <Link to={paths.signup} className="font-semibold text-brand-800 underline">
              Open an account
            </Link>
          </p>
          <p>
            Bank staff:{' '}
            <Link to={paths.adminLogin} className="font-semibold text-brand-800 underline">
              Admin sign-in
            </Link>
          </p>
        </>
      }
    >
      <div className="space-y-5">
        <LoginForm onSignedIn={onSignedIn} />
        <PasskeySignIn onSignedIn={onSignedIn} />
      </div>
      <p className="mt-4 flex flex-wrap justify-between gap-x-4 text-sm">
        <Link
          to={paths.forgotPassword}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Forgot your password?
        </Link>
        <Link
          to={paths.forgotAccountNumber}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Forgot your account number?
        </Link>
      </p>
    </AuthLayout>
  );
}
