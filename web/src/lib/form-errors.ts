import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageFor } from './api-client';

/**
 * Shows a failed request the way every form here does: beside the field the server named
 * (`error.field`) when the form has that field, otherwise as the form-level message this returns
 * (rendered in a role="alert" box). Never also as a toast: one place per error, and a form's
 * errors have their place on the form (docs/decisions/0115-one-place-per-error.md).
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  options: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
): string | null {
  const message = messageFor(error);
  const field = error instanceof ApiError ? error.field : undefined;
  const target = options.fields.find((name) => name === field);
  if (target !== undefined) {
    options.setError(target, { type: 'server', message }, { shouldFocus: true });
    return null;
  }
  return message;
}
