import type { RenderedEmail } from './transport';
import { bodies, oneLine, type EmailBrand } from './email-layout';

// ---------------------------------------------------------------------------------------------
// Verification code (product §7: subject "Your {brand} Verification Code: {code}").

export interface VerificationCodeInput {
  to: string;
  code: string;
  /** How long the code works, as the customer is told (product §9: 5 minutes). */
  validForMinutes: number;
  now: Date;
  /** What the code is for, said first (a password reset, an email change); generic if absent. */
  purposeLine?: string;
  /**
   * What to do if the person did not ask for the code, ending the default closing line; by default
   * "If you did not ask for it, ignore this email." Said once (issue 28: the reset email said it twice).
   */
  ifNotAsked?: string;
  /**
   * The last line; by default "{bank} will never ask you for this code…". A code the customer is
   * asked to read to staff (the email change) says instead exactly when that is right, so one email
   * never tells them both to read it out and that no one will ask for it (issue 28 item 12).
   */
  closingLine?: string;
}

export function renderVerificationCode(input: VerificationCodeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`Your ${brand.bankName} Verification Code: ${input.code}`);
  const year = String(input.now.getUTCFullYear());
  const minutes = `${input.validForMinutes} minute${input.validForMinutes === 1 ? '' : 's'}`;
  const before = [input.purposeLine ?? `Use this code to continue with ${brand.bankName}:`];
  const after = [
    `The code is valid for ${minutes}.`,
    input.closingLine ??
      `${brand.bankName} will never ask you for this code by phone, chat or email. ${input.ifNotAsked ?? 'If you did not ask for it, ignore this email.'}`,
  ];
  return {
    template: 'verification-code',
    subject,
    ...bodies({
      brand,
      title: 'Your verification code',
      year,
      paragraphsBefore: before,
      highlight: input.code,
      paragraphsAfter: after,
    }),
    params: {
      to_email: input.to,
      subject,
      code: input.code,
      valid_minutes: String(input.validForMinutes),
      year,
      from_name: brand.fromName,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-up attempt notice: sent instead of a code when the address already has an account, so
// the sign-up form answers the same either way and cannot be used to test which addresses bank here.

export interface SignupAttemptNoticeInput {
  to: string;
  now: Date;
}

export function renderSignupAttemptNotice(input: SignupAttemptNoticeInput, brand: EmailBrand): RenderedEmail {
  const subject = oneLine(`${brand.bankName}: someone tried to open an account with your email address`);
  const year = String(input.now.getUTCFullYear());
  const loginUrl = `${brand.publicOrigin}/login`;
  const before = [
    `Someone just tried to open a new ${brand.bankName} account with this email address.`,
    'You already have an account with us, so no new account was opened and no verification code was sent.',
  ];
  const after = [
    `If it was you, log in with your account number and password instead: ${loginUrl}`,
    'If it was not you, you need not do anything: your account is unchanged. Never share your password or codes with anyone.',
  ];
  return {
    template: 'signup-attempt-notice',
    subject,
    ...bodies({
      brand,
      title: 'Someone tried to open an account with your email address',
      year,
      paragraphsBefore: before,
      paragraphsAfter: after,
    }),
    params: { to_email: input.to, subject, login_url: loginUrl, year, from_name: brand.fromName },
  };
}
