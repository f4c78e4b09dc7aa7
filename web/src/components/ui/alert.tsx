import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/**
 * A form-level message: an error the server gave that belongs to no single field. `role="alert"`
 * makes screen readers announce it the moment it appears.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** A calm note beside a form (what happens next, where the code went). */
export function InfoNote({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
      {children}
    </div>
  );
}
