import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OTP_CODE_LENGTH, otpCodeSchema } from '@larkspur/contract';
import { InfoNote } from './alert';
import { TextField } from './form-field';
import { MailIcon } from './icons';

/** product §9: the one-time code is described to the person as valid for 5 minutes. */
export const OTP_VALID_MINUTES = 5;

type OneTimeCodeFieldProps = Omit<
  Parameters<typeof TextField>[0],
  'label' | 'hint' | 'autoComplete' | 'inputMode' | 'maxLength' | 'className'
> & {
  /**
   * `mine`: the person's own emailed code — the phone offers it from the email (`one-time-code`).
   * `read-out`: a customer reads their code to staff, who type it; nothing to offer.
   */
  whose?: 'mine' | 'read-out';
};

/**
 * The one 6-digit code entry (decision 0213), the same wherever a code is asked for (sign-up,
 * admin sign-in, password reset, step-up, the extra check, an email change staff make): a number
 * pad, the code's length, and its check in the contract's words (`useCodeForm`).
 */
export function OneTimeCodeField({ whose = 'mine', ...props }: OneTimeCodeFieldProps) {
  const mine = whose === 'mine';
  return (
    <TextField
      label={mine ? `${OTP_CODE_LENGTH}-digit code` : `${OTP_CODE_LENGTH}-digit code from the customer`}
      hint={mine ? 'Check your spam folder if it has not arrived within a minute.' : undefined}
      autoComplete={mine ? 'one-time-code' : 'off'}
      inputMode="numeric"
      maxLength={OTP_CODE_LENGTH}
      className="max-w-xs"
      {...props}
    />
  );
}

const codeFormSchema = z.object({ code: otpCodeSchema });

/** A form of one code, checked as the server checks it (each field once left, then as typed). */
export function useCodeForm() {
  return useForm<z.infer<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
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
