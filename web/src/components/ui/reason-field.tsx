import { useState, type ReactNode } from 'react';
import { REASON_LENGTH_MAX, reasonSchema } from '@larkspur/contract';
import { FormAlert } from './alert';
import { ConfirmDialog } from './confirm-dialog';
import { TextField } from './form-field';

/**
 * The reason a person gives for an action (kept in the audit log), as the contract takes it: one
 * state, one check, one field and one dialog wherever one is asked (decision 0213).
 */
export function useReason() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    value,
    error,
    /** The reason as the contract takes it (trimmed), or null with the field saying why. */
    check: (): string | null => {
      const checked = reasonSchema.safeParse(value);
      setError(checked.success ? undefined : checked.error.issues[0]?.message);
      return checked.success ? checked.data : null;
    },
    clear: () => {
      setValue('');
      setError(undefined);
    },
    clearError: () => setError(undefined),
    /** What ReasonField takes: typing clears the last complaint. */
    field: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next);
        setError(undefined);
      },
    },
  };
}

export type ReasonState = ReturnType<typeof useReason>;

/** The reason's text field; Enter runs `onEnter` (the dialog's action) instead of nothing. */
export function ReasonField({
  label = 'Reason',
  hint,
  value,
  error,
  onChange,
  onEnter,
}: {
  label?: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onEnter?: () => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      maxLength={REASON_LENGTH_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={
        onEnter
          ? (event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onEnter();
              }
            }
          : undefined
      }
      error={error}
    />
  );
}

/**
 * "Are you sure?" with a reason: what is decided (`children`), the server's refusal in the dialog —
 * its one place (decision 0115) — and the reason's field when `reason` is given.
 */
export function ReasonDialog({
  reason,
  reasonHint,
  serverError,
  children,
  ...dialog
}: Omit<Parameters<typeof ConfirmDialog>[0], 'children'> & {
  reason: ReasonState | null;
  reasonHint: string;
  serverError: string | null;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog {...dialog}>
      <div className="space-y-4">
        {children}
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        {reason ? <ReasonField hint={reasonHint} {...reason.field} onEnter={dialog.onConfirm} /> : null}
      </div>
    </ConfirmDialog>
  );
}
