import type { ComponentProps } from 'react';
import { PASSWORD_LENGTH_MIN } from '@larkspur/contract';
import { SecretField } from '@/components/ui/form-field';

type Secret = Omit<ComponentProps<typeof SecretField>, 'label' | 'hint' | 'autoComplete'>;

/** A new password and its repetition, as a reset and a staff invitation both ask for them. */
export function NewPasswordFields({ password, repeat }: { password: Secret; repeat: Secret }) {
  return (
    <>
      <SecretField
        label="New password"
        hint={`At least ${PASSWORD_LENGTH_MIN} characters. A few unrelated words make a strong one.`}
        autoComplete="new-password"
        {...password}
      />
      <SecretField label="Repeat the new password" autoComplete="new-password" {...repeat} />
    </>
  );
}
