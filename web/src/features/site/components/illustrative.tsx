import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Marks a rate, fee or limit as an example, right where it is stated. */
export function IllustrativeBadge() {
  return (
    <span className="ml-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
      Illustrative
    </span>
  );
}

/** The footnote every page with figures carries. */
export function IllustrativeNote({ children }: { children?: ReactNode }) {
  return (
    <p className="mt-6 max-w-3xl rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-6 text-amber-950">
      <strong className="font-semibold">Illustrative figures.</strong>{' '}
      {children ??
        'Rates, fees and limits on this page are examples that show how the product works. They are not an offer; your actual terms depend on your application and on who operates this bank.'}{' '}
      <Link to={paths.disclosures} className="font-medium underline underline-offset-2">
        Read our disclosures
      </Link>
      .
    </p>
  );
}
