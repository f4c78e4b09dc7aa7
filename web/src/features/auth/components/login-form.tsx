import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { LoginInput, SessionResponse } from '@larkspur/contract';
import { FormAlert } from '@/components/ui/alert';
import { PendingButton } from '@/components/ui/pending-button';
import { SecretField, TextField } from '@/components/ui/form-field';
import { reportFormError } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { loginResolver } from '../login-rules';

/**
 * Customer login: account number and password. The account number is not checked for shape here:
 * whatever is typed goes to the server, whose answer to anything wrong is one generic message
 * (product §5, §8), shown exactly as it comes.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    mode: 'onTouched',
    defaultValues: { accountNumber: '', password: '' },
  });
  const { errors } = form.formState;
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  // An email typed where the account number goes is the commonest slip (issue 28): the field says
  // so at once. The server's answer stays the one generic message (product §8) if it is sent anyway.
  const typedEmail = useWatch({ control: form.control, name: 'accountNumber' }).includes('@');

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    void login
      .run(values)
      .then(onSignedIn, (error: unknown) =>
        setFormError(
          reportFormError(error, { setError: form.setError, fields: ['accountNumber', 'password'] }),
        ),
      );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Account number"
        hint={
          typedEmail
            ? 'That looks like an email address. Log in with the 11-digit account number from your welcome email; if you have lost it, use “Forgot your account number?” below.'
            : 'The 11-digit number you got when you opened your account. Not your email.'
        }
        error={errors.accountNumber?.message}
        autoComplete="username"
        inputMode="numeric"
        spellCheck={false}
        {...form.register('accountNumber')}
      />
      <SecretField
        label="Password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...form.register('password')}
      />
      <PendingButton type="submit" pending={login.isPending} className="w-full">
        Log In
      </PendingButton>
    </form>
  );
}
