import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import type { LoginInput } from '@larkspur/contract';

// The login page is prerendered and adopted by the app as soon as it loads
// (docs/decisions/0016-prerendered-public-pages.md). The contract's `loginSchema` would bring zod
// and every auth schema to it (~30 KB gzipped, and their evaluation: the page's longest task on a
// phone) for two fields, so the form checks them by hand, to the same rules and with the same
// messages; login-rules.test.ts holds this to `loginSchema`.

/** The contract's LOGIN_FIELD_LENGTH_MAX (a value import would bring the auth schemas along). */
export const LOGIN_FIELD_MAX = 256;

function check(value: string, emptyMessage: string): { type: string; message: string } | undefined {
  if (value.length < 1) return { type: 'too_small', message: emptyMessage };
  if (value.length > LOGIN_FIELD_MAX)
    return { type: 'too_big', message: `Too big: expected string to have <=${LOGIN_FIELD_MAX} characters` };
  return undefined;
}

/** `loginSchema` as a react-hook-form resolver: the account number trimmed, the password as typed. */
export const loginResolver: Resolver<LoginInput> = (values) => {
  const accountNumber = values.accountNumber.trim();
  const { password } = values;
  const errors: FieldErrors<LoginInput> = {};
  const accountNumberError = check(accountNumber, 'Enter your account number');
  const passwordError = check(password, 'Enter your password');
  if (accountNumberError) errors.accountNumber = accountNumberError;
  if (passwordError) errors.password = passwordError;
  const result: ResolverResult<LoginInput> =
    accountNumberError || passwordError
      ? { values: {}, errors }
      : { values: { accountNumber, password }, errors: {} };
  return result;
};
