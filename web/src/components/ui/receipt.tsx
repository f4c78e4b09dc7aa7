import type { ReactNode } from 'react';
import { PrintIcon } from './banking-icons';
import { Button } from './button';

export interface ReceiptRow {
  label: string;
  value: ReactNode;
}

/** Label/value pairs of a review or a receipt, one per line, the value right-aligned on wide screens. */
export function DetailList({ rows }: { rows: readonly ReceiptRow[] }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((row) => (
        <div
          key={row.label}
          className="grid grid-cols-1 gap-0.5 py-2.5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-4"
        >
          <dt className="text-sm text-slate-600">{row.label}</dt>
          <dd className="min-w-0 text-sm font-medium break-words text-slate-900 sm:text-right">
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The part of the screen that prints. While one is on screen, the print stylesheet (styles.css,
 * `[data-receipt]`) hides everything else, so Print gives a one-page receipt and not the app.
 */
export function PrintableReceipt({
  title,
  children,
  className = '',
}: {
  /** The heading on paper only ("Larkspur Bank — transfer receipt"); the screen has its own. */
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div data-receipt="" className={className}>
      <p className="hidden border-b border-slate-300 pb-2 text-lg font-semibold print:block">{title}</p>
      {children}
    </div>
  );
}

/** Opens the browser's print dialog; hidden on paper. */
export function PrintButton({ label = 'Print receipt' }: { label?: string }) {
  return (
    <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
      <PrintIcon className="size-5" />
      {label}
    </Button>
  );
}
