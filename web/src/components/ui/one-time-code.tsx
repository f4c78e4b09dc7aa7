import type { ReactNode } from 'react';
import { OTP_CODE_LENGTH } from '@larkspur/contract';
import { InfoNote } from './alert';
import { TextField } from './form-field';
import { MailIcon } from './icons';

/** product §9: the one-time code is described to the person as valid for 5 minutes. */
export const OTP_VALID_MINUTES = 5;

type OneTimeCodeFieldProps = Omit<
  Parameters<typeof TextField>[0],
  'label' | 'hint' | 'autoComplete' | 'inputMode' | 'maxLength' | 'className'
>;

/**
 * The emailed code's field, the same wherever a code is asked for (sign-up, admin sign-in,
 * password reset, step-up): the phone offers the code from the email (`one-time-code`) and a
 * number pad.
 */
export function OneTimeCodeField(props: OneTimeCodeFieldProps) {
  return (
    <TextField
      label={`${OTP_CODE_LENGTH}-digit code`}
      hint="Check your spam folder if it has not arrived within a minute."
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={OTP_CODE_LENGTH}
      className="max-w-xs"
      {...props}
    />
  );
}

/** The note above a code field: where the code went, with the mail icon. */
export function CodeSentNote({ children }: { children: ReactNode }) {
  return (
    <InfoNote>
      <p className="flex items-start gap-2">
        <MailIcon className="mt-0.5 size-5 shrink-0" />
        <span>{children}</span>
      </p>
    </InfoNote>
  );
}
