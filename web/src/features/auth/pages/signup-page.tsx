import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import { makeSignupSchema, type Signup, type SignupInput } from '@larkspur/contract';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { reportFormError } from '@/lib/form-errors';
import { usePageMeta } from '@/lib/page-meta';
import { useStartSignup } from '../api/signup-start';
import { useVerifySignup } from '../api/signup-verify';
import { AccountOpened } from '../components/account-opened';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';
import { SignupDetailsForm } from '../components/signup-details-form';
import { SignupSteps } from '../components/signup-steps';

const signupFields = [
  'firstName',
  'surname',
  'email',
  'phone',
  'address',
  'zipCode',
  'country',
  'maritalStatus',
  'occupation',
  'ssn',
  'dob',
  'password',
  'confirmPassword',
] as const satisfies readonly Path<SignupInput>[];

type Step =
  | { name: 'details' }
  | { name: 'code'; application: Signup; email: string }
  | { name: 'done'; accountNumber: string; firstName: string };

const titles: Record<Step['name'], string> = {
  details: 'Open your account',
  code: 'Check your email',
  done: 'Your account is open',
};

/**
 * Sign-up (product §2, DESIGN §3): the application → the code emailed to verify the address →
 * the new account number. The account exists only after the code is verified.
 */
export function SignupPage() {
  const [step, setStep] = useState<Step>({ name: 'details' });
  usePageMeta({
    title: step.name === 'details' ? 'Open an account' : titles[step.name],
    description: 'Open a Larkspur Bank account online in a few minutes: your details, a code by email, done.',
  });

  const [schema] = useState(() => makeSignupSchema());
  const form = useForm<SignupInput, unknown, Signup>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      surname: '',
      email: '',
      phone: '',
      address: '',
      zipCode: '',
      country: 'United States',
      occupation: '',
      ssn: '',
      dob: '',
      password: '',
      confirmPassword: '',
    },
  });
  const start = useStartSignup();
  const verify = useVerifySignup();
  const [formError, setFormError] = useState<string | null>(null);

  const submitDetails = (application: Signup) => {
    setFormError(null);
    void start.run(application).then(
      ({ email }) => setStep({ name: 'code', application, email }),
      (error: unknown) =>
        setFormError(reportFormError(error, { setError: form.setError, fields: signupFields })),
    );
  };

  const stepIndex = step.name === 'details' ? 0 : step.name === 'code' ? 1 : 2;
  const title = step.name === 'done' ? `Welcome to Larkspur Bank, ${step.firstName}` : titles[step.name];

  return (
    <AuthLayout
      eyebrow={`Sign up · step ${stepIndex + 1} of 3`}
      title={title}
      wide={step.name === 'details'}
      stepKey={step.name}
      intro={
        step.name === 'details'
          ? 'It takes about five minutes. We will email you a code to confirm your address.'
          : undefined
      }
      footer={
        step.name === 'done' ? undefined : (
          <p>
            Already bank with us?{' '}
            <Link to={paths.login} className="font-semibold text-brand-800 underline">
              Log in
            </Link>
          </p>
        )
      }
    >
      <SignupSteps current={stepIndex} />
      {step.name === 'details' ? (
        <SignupDetailsForm
          form={form}
          onSubmit={submitDetails}
          pending={start.isPending}
          formError={formError}
        />
      ) : null}
      {step.name === 'code' ? (
        <CodeForm
          email={step.email}
          submitLabel="Verify and open my account"
          onVerify={async (code) => {
            try {
              const opened = await verify.run({ ...step.application, code });
              setStep({
                name: 'done',
                accountNumber: opened.accountNumber,
                firstName: opened.user?.firstName ?? step.application.firstName,
              });
            } catch (error) {
              // A detail the server refused at this point belongs to step one: show it there.
              const field = error instanceof ApiError ? error.field : undefined;
              const detail = signupFields.find((name) => name === field);
              if (detail === undefined || !(error instanceof ApiError)) throw error;
              setStep({ name: 'details' });
              form.setError(detail, { type: 'server', message: error.message });
            }
          }}
          onResend={async () => {
            await start.run(step.application);
          }}
          onBack={() => setStep({ name: 'details' })}
          backLabel="Change my details"
        />
      ) : null}
      {step.name === 'done' ? <AccountOpened accountNumber={step.accountNumber} /> : null}
    </AuthLayout>
  );
}
