import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';

type Action = { label: string; to: string };

/** A closing call to action on a deep brand background. */
export function CtaBand({
  title,
  body,
  primary,
  secondary,
}: {
  title: string;
  body: ReactNode;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:py-16">
        <div className="max-w-2xl">
          <h2 className="text-3xl font-semibold tracking-tight text-balance">{title}</h2>
          <div className="mt-3 text-lg leading-8 text-brand-100">{body}</div>
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={primary.to} variant="inverse" size="lg">
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} variant="outline-inverse" size="lg">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
