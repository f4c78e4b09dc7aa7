import type { ButtonHTMLAttributes } from 'react';

/**
 * A compact button for a table row (Edit, History, Review): smaller than a page button so rows stay
 * dense, still 36 px tall, and named for its row by the caller (`aria-label` with the row's id).
 */
export function RowAction({ className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`min-h-9 rounded-md px-2.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 ${className}`}
      {...props}
    />
  );
}
